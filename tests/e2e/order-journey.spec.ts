import { expect, test, type Locator, type Page } from '@playwright/test';
import type { OrderAnswer } from '../../schemas/orders/api';
import { signIn } from './signIn';
import { openOrder, placeOrder, press, productUnit } from './orders';

/**
 * The order journey end to end, against the real server and only on orders this test creates: a layaway
 * sale at the till, then in the Order Options popup a cash payment, an instalment added and paid, one line
 * refunded as damaged; and a void on a second order.
 *
 * The void is on a second order because a refund leaves the first one Partially Refunded, and spec 03 §4
 * voids only paid, partially paid and unpaid orders (the popup offers no Void then; see schemas/orders/rules.ts).
 * The refund comes last on the first order for the same reason: a partially refunded order shows neither the
 * Payments nor the Layaway tab.
 */

// The server compares instalment dates with today's UTC date; the till and the Layaway tab date in local time.
test.use({ timezoneId: 'UTC' });

const API = /\/api\/nexopos\/v4/;
const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
const tabNames = async (popup: Locator) => (await popup.getByRole('tab').allTextContents()).map((text) => text.trim());

/** YYYY-MM-DD, `days` from today (UTC). */
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the order journey: a layaway sale at the till, a payment, an instalment added and paid, a damaged line refunded; a second order voided', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'cashier');
  // Nothing in this journey is refused: once signed in, every API answer must succeed.
  const failures: string[] = [];
  page.on('response', (response) => {
    if (API.test(response.url()) && response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });

  // 1. The till: a mug (22.00), a silk scarf (19.99) and a candle (6.75), all tax inclusive: 48.74.
  let code = '';
  await test.step('sell a layaway order at the till, 10.00 paid in cash', async () => {
    await page.goto('/dashboard/pos');
    const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
    await search.fill('Hand-Thrown');
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Hand-Thrown Mug/ })
      .click();
    await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('1');
    for (const [barcode, name] of [
      ['100000000062', 'Silk Scarf'],
      ['100000000086', 'Beeswax Candles'],
    ] as const) {
      await search.fill(barcode);
      await search.press('Enter');
      await expect(page.getByRole('button', { name: `Quantity of ${name}` })).toHaveText('1');
    }
    await expect(page.getByTestId('cart-total')).toHaveText('$48.74');

    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
    await expect(page.getByLabel('Payment amount')).toHaveText('48.74');
    await press(page.locator('[data-numpad]'), ['1', '0', '0', '0']);
    await page.getByRole('button', { name: 'Add Payment' }).click();
    await expect(page.getByTestId('pay-due')).toHaveText('$38.74');

    // Layaway: one instalment planned in 30 days. A new instalment starts at the total less those listed.
    await page.getByRole('checkbox', { name: 'Layaway' }).check();
    await page.getByRole('button', { name: 'Add Instalment' }).click();
    await expect(page.getByLabel('Instalment 1 amount')).toHaveValue('48.74');
    await page.getByLabel('Instalment 1 date').fill(dateIn(30));
    await page.getByLabel('Instalment 1 amount').fill('25');
    await expect(page.getByText('Instalments: $25.00 / $48.74')).toBeVisible();

    const placed = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
    const receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/sale\/\d+$/);
    await page.getByRole('button', { name: 'Checkout' }).click();
    const answer = (await (await placed).json()) as { data: { order: OrderAnswer } };
    await receipt;
    await expect(page.getByText('The order has been placed.')).toBeVisible();
    expect(answer.data.order).toMatchObject({ payment_status: 'partially_paid', total: 48.74, tendered: 10, support_instalments: 1 });
    code = answer.data.order.code;
    await expect(page.getByText('The cart is empty.')).toBeVisible();
    // The planned instalment as the server stored it (no error toast from the amount typed at the till).
    await expect(page.locator('[data-variant="error"]')).toHaveCount(0);
    const instalments = await page.request.get(`/api/nexopos/v4/orders/${answer.data.order.id}/instalments`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(await instalments.json()).toMatchObject([{ date: dateIn(30), amount: 25, paid: 0 }]);
  });

  // 2. The Orders list (newest first) → Options: the Details tab.
  const popup = await openOrder(page, code);
  await test.step('the Details tab shows the sale', async () => {
    for (const name of ['Hand-Thrown Mug', 'Silk Scarf', 'Beeswax Candles']) await expect(popup).toContainText(name);
    const summary = popup.getByLabel('Payment Summary');
    await expect(summary).toContainText('Total$48.74');
    await expect(summary).toContainText('Paid$10.00');
    await expect(summary).toContainText('Unpaid$38.74');
    await expect(summary).toContainText('Payment StatusPartially Paid');
    expect(await tabNames(popup)).toEqual(['Details', 'Payments', 'Refund', 'Layaway']);
  });

  // 3. Payments tab: 5.00 in cash, its receipt printed.
  await test.step('take a cash payment of part of the unpaid amount', async () => {
    await popup.getByRole('tab', { name: 'Payments' }).click();
    const entry = popup.getByRole('region', { name: 'New Payment' });
    await expect(entry.getByRole('combobox', { name: 'Payment Type' })).toHaveValue('cash-payment');
    await press(entry, ['5', '0', '0']);
    await expect(entry.getByLabel('Payment Amount', { exact: true })).toHaveText('5.00');
    const receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/payment\/\d+$/);
    await entry.getByRole('button', { name: 'Enter' }).click();
    await receipt;
    const totals = popup.getByLabel('Payment Totals');
    await expect(totals).toContainText('Paid$15.00');
    await expect(totals).toContainText('Unpaid$33.74');
    await expect(popup.getByRole('region', { name: 'Payment History' }).getByRole('listitem')).toHaveCount(2);
  });

  // 4. Layaway tab: the till's instalment (25.00, not due), then a new one of the remaining 23.74, created and paid.
  await test.step('add an instalment of the remaining amount and pay it', async () => {
    await popup.getByRole('tab', { name: 'Layaway' }).click();
    const layaway = popup.getByRole('region', { name: 'Layaway Installments' });
    await expect(layaway.getByTestId('layaway-sum')).toHaveText('$25.00');
    await expect(layaway.getByTestId('layaway-remaining')).toHaveText('$23.74');

    await layaway.getByRole('button', { name: 'Add Instalment' }).click();
    const added = layaway.locator('tbody tr').filter({ has: page.getByRole('button', { name: 'Create' }) });
    await expect(added).toContainText('23.74');
    await added.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('The instalment has been created.')).toBeVisible();
    await expect(layaway.getByTestId('layaway-sum')).toHaveText('$48.74');
    await expect(layaway.getByTestId('layaway-remaining')).toHaveText('$0.00');

    const todays = layaway.locator('tbody tr').filter({ hasText: '23.74' });
    await todays.getByRole('button', { name: 'Mark As Paid' }).click();
    const payment = page.getByRole('dialog', { name: 'Instalment Payment' });
    await payment.getByLabel('Payment Type').selectOption({ label: 'Cash' });
    const receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/payment\/\d+$/);
    await payment.getByRole('button', { name: 'Proceed' }).click();
    await receipt;
    await expect(page.getByText('The instalment has been paid.').first()).toBeVisible();
    await expect(todays.getByRole('button', { name: 'Receipt' })).toBeVisible();
    // The planned instalment is still to pay.
    await expect(layaway.locator('tbody tr').filter({ hasText: '25.00' }).getByRole('button', { name: 'Mark As Paid' })).toBeVisible();

    await popup.getByRole('tab', { name: 'Details' }).click();
    const summary = popup.getByLabel('Payment Summary');
    await expect(summary).toContainText('Paid$38.74');
    await expect(summary).toContainText('Unpaid$10.00');
    await expect(summary).toContainText('Payment StatusPartially Paid');
  });

  // 5. Refund tab: the silk scarf (19.99), damaged, given back in cash from a register.
  await test.step('refund one line as damaged', async () => {
    await popup.getByRole('tab', { name: 'Refund' }).click();
    await popup.getByRole('button', { name: 'Refund Silk Scarf' }).click();
    const quantity = page.getByRole('dialog', { name: 'Quantity' });
    await expect(quantity).toContainText('Available Quantity: 1');
    await quantity.getByRole('button', { name: 'Enter' }).click();
    const product = page.getByRole('dialog', { name: 'Silk Scarf' });
    await product.getByLabel('Condition').selectOption({ label: 'Damaged' });
    await product.getByRole('button', { name: 'Add' }).click();
    await expect(product).toHaveCount(0);
    const chosen = popup.getByRole('region', { name: 'Products To Refund' });
    await expect(chosen).toContainText('Silk Scarf');
    await expect(chosen).toContainText('Damaged');
    await expect(popup.getByTestId('refund-total')).toHaveText('$19.99');

    await popup.getByLabel('Payment Gateway').selectOption({ label: 'Cash' });
    await popup.getByLabel('Register').selectOption({ index: 1 });
    const keypad = popup.locator('[data-numpad]');
    await press(keypad, ['1', '9', '9', '9', 'Enter']);
    await expect(popup.getByRole('region', { name: 'Payment List' })).toContainText('$19.99');

    const refunded = page.waitForResponse(
      (response) => API.test(response.url()) && /\/orders\/\d+\/refund$/.test(response.url()) && response.request().method() === 'POST',
    );
    const receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/refund\/\d+$/);
    await popup.getByRole('button', { name: 'Submit Refund' }).click();
    const answer = (await (await refunded).json()) as { data: { order: OrderAnswer } };
    await receipt;
    await expect(page.getByText('The order has been refunded.')).toBeVisible();
    // 19.99 of the 38.74 paid given back: partially refunded, and the layaway still owes on what is left,
    // so it keeps taking payments and instalments, and can be voided (not deleted).
    expect(answer.data.order).toMatchObject({ payment_status: 'partially_refunded', total_refunded: 19.99 });
    expect(answer.data.order.allowed_actions).toMatchObject({ pay: true, void: true, delete: false });
    await expect.poll(() => tabNames(popup)).toEqual(['Details', 'Payments', 'Refund', 'Layaway']);
    await popup.getByRole('tab', { name: 'Details' }).click();
    await expect(popup.getByLabel('Payment Summary')).toContainText('Payment StatusPartially Refunded');
    await expect(popup.getByRole('button', { name: 'Void' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(rows(page).filter({ hasText: code })).toContainText(/partially.refunded/i);
  });

  // 6. A second order (one mug, paid in cash), voided from the popup footer.
  await test.step('void a second order with a reason', async () => {
    const mug = await productUnit(page, 'Hand-Thrown Mug');
    const order = await placeOrder(page, {
      products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }],
      payments: [{ identifier: 'cash-payment', value: 22 }],
    });
    expect(order).toMatchObject({ payment_status: 'paid', total: 22 });
    const voided = await openOrder(page, order.code);
    await expect(voided.getByLabel('Payment Summary')).toContainText('Payment StatusPaid');
    await voided.getByRole('button', { name: 'Void' }).click();
    const prompt = page.getByRole('dialog', { name: 'Void Order' });
    await prompt.getByRole('textbox').fill('Sold by mistake.');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    await expect(voided.getByLabel('Payment Summary')).toContainText('Payment StatusVoid');
    expect(await tabNames(voided)).toEqual(['Details']);
    await expect(voided.getByRole('button', { name: 'Void' })).toHaveCount(0);
    await expect(voided.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(rows(page).filter({ hasText: order.code })).toContainText(/void/i);
  });

  expect(failures).toEqual([]);
});
