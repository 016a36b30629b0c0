import { expect, test, type Locator, type Page } from '@playwright/test';
import type { OrderAnswer } from '../../schemas/orders/api';
import { signIn } from './signIn';
import { openOrder, placeOrder, press, productUnit } from './orders';

/**
 * Money cases a store hits, through the screens, each on an order of its own:
 * - the till's layaway down payment pays the first instalment, which then cannot be collected again;
 * - price refunds on two mugs leave both mugs returnable, and a return gives back what is left of a mug;
 * - voiding a paid order records the cash going back;
 * - at currency precision 0 the till asks, collects and stores the same whole amount;
 * - a cart discount shared by the lines in the Refund tab, a card sale fully returned reading refunded;
 * - a vendor's statement crediting a layaway as its money comes in.
 */

// Instalment dates are compared with the store's business date; the demo store and the browser both read UTC here.
test.use({ timezoneId: 'UTC' });

const API = '/api/nexopos/v4';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(`${API}${url}`, { headers: XHR });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** In the Refund tab: one unit of a line chosen as unspoiled, the popup's refund total checked. */
async function chooseLineToRefund(page: Page, popup: Locator, name: string, total: string): Promise<void> {
  await popup.getByRole('button', { name: `Refund ${name}` }).click();
  await page.getByRole('dialog', { name: 'Quantity' }).getByRole('button', { name: 'Enter' }).click();
  const product = page.getByRole('dialog', { name });
  await product.getByLabel('Condition').selectOption({ label: 'Unspoiled' });
  await product.getByRole('button', { name: 'Add' }).click();
  await expect(product).toHaveCount(0);
  // The popup previews the line's net, what the server gives back.
  await expect(popup.getByTestId('refund-total')).toContainText(total);
}

/** Submits the chosen lines with Refund As Paid (the server's split over the order's tenders). */
async function refundAsPaid(page: Page, popup: Locator): Promise<void> {
  await popup.getByLabel('Register').selectOption({ index: 1 });
  const refunded = page.waitForResponse((response) => /\/orders\/\d+\/refund$/.test(response.url()) && response.request().method() === 'POST');
  await popup.getByRole('region', { name: 'Refund As Paid' }).getByRole('button', { name: 'Refund As Paid' }).click();
  expect((await refunded).status()).toBe(200);
}

const today = () => new Date().toISOString().slice(0, 10);
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a layaway down payment at the till pays the first instalment, which cannot be collected twice', async ({ page }) => {
  await signIn(page, 'cashier');
  await page.goto('/dashboard/pos');
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill('Hand-Thrown');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /Hand-Thrown Mug/ })
    .click();
  await expect(page.getByTestId('cart-total')).toHaveText('$22.00');

  // 10.00 down in cash; instalment 1 of 10.00 today, instalment 2 of 12.00 in 30 days.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
  await press(page.locator('[data-numpad]'), ['1', '0', '0', '0']);
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByTestId('pay-due')).toHaveText('$12.00');
  await page.getByRole('checkbox', { name: 'Layaway' }).check();
  await page.getByRole('button', { name: 'Add Instalment' }).click();
  await page.getByLabel('Instalment 1 date').fill(today());
  await page.getByLabel('Instalment 1 amount').fill('10');
  await page.getByRole('button', { name: 'Add Instalment' }).click();
  await page.getByLabel('Instalment 2 date').fill(dateIn(30));
  await page.getByLabel('Instalment 2 amount').fill('12');
  await expect(page.getByText('Instalments: $22.00 / $22.00')).toBeVisible();

  const placed = page.waitForResponse((response) => response.url().endsWith(`${API}/orders`) && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const order = ((await (await placed).json()) as { data: { order: OrderAnswer } }).data.order;
  await expect(page.getByText('The order has been placed.')).toBeVisible();
  expect(order).toMatchObject({ total: 22, tendered: 10, left_to_pay: 12, payment_status: 'partially_paid' });

  // The server linked the down payment to instalment 1.
  const payments = await getJson<Array<{ id: number; value: number }>>(page, `/orders/${order.id}/payments`);
  expect(payments.map((payment) => payment.value)).toEqual([10]);
  const instalments = await getJson<Array<{ id: number; amount: number; paid: number; payment_id: number | null; date: string }>>(
    page,
    `/orders/${order.id}/instalments`,
  );
  expect(instalments.map(({ amount, paid, payment_id, date }) => ({ amount, paid, payment_id, date }))).toEqual([
    { amount: 10, paid: 1, payment_id: payments[0]!.id, date: today() },
    { amount: 12, paid: 0, payment_id: null, date: dateIn(30) },
  ]);

  // The Layaway tab shows instalment 1 paid (its receipt, no Mark As Paid) and only instalment 2 to collect.
  const popup = await openOrder(page, order.code);
  await popup.getByRole('tab', { name: 'Layaway' }).click();
  const layaway = popup.getByRole('region', { name: 'Layaway Installments' });
  const first = layaway.locator('tbody tr').filter({ hasText: '10.00' });
  await expect(first.getByRole('button', { name: 'Receipt' })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Mark As Paid' })).toHaveCount(0);
  await expect(layaway.locator('tbody tr').filter({ hasText: '12.00' }).getByRole('button', { name: 'Mark As Paid' })).toBeVisible();

  // Asking the server to collect instalment 1 again is refused and takes nothing.
  const again = await page.request.post(`${API}/orders/${order.id}/instalments/${instalments[0]!.id}/pay`, {
    headers: XHR,
    data: { payment_type: 'cash-payment' },
  });
  expect(again.status()).toBe(422);
  expect((await again.json()).message).toBe('This instalment has already been paid.');
  expect(await getJson<OrderAnswer>(page, `/orders/${order.id}`)).toMatchObject({ tendered: 10, left_to_pay: 12 });
});

test('price refunds on two mugs leave both returnable, and a return gives back what is left of one mug', async ({ page }) => {
  await signIn(page, 'cashier');
  const mug = await productUnit(page, 'Hand-Thrown Mug');
  const order = await placeOrder(page, {
    products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 2 }],
    payments: [{ identifier: 'cash-payment', value: 44 }],
  });
  expect(order).toMatchObject({ total: 44, payment_status: 'paid' });
  // 4.50 off each mug (a chip on the glaze): a price refund of 9.00 in cash; the mugs stay with the customer.
  const [register] = await getJson<Array<{ label: string; value: number }>>(page, '/cash-registers/types');
  const priced = await page.request.post(`${API}/orders/${order.id}/refund`, {
    headers: XHR,
    data: {
      products: [{ id: order.products[0]!.id, refund_type: 'refund_payment', quantity: 2, unit_price: 4.5, condition: 'unspoiled' }],
      total: 9,
      register: register!.value,
      payment: { identifier: 'cash-payment' },
    },
  });
  expect(priced.status(), await priced.text()).toBe(200);

  const popup = await openOrder(page, order.code);
  await popup.getByRole('tab', { name: 'Refund' }).click();
  await popup.getByRole('button', { name: 'Refund Hand-Thrown Mug' }).click();
  const quantity = page.getByRole('dialog', { name: 'Quantity' });
  // Both mugs can still come back: a price refund takes money, not units.
  await expect(quantity).toContainText('Available Quantity: 2');
  await press(quantity, ['1', 'Enter']);
  const product = page.getByRole('dialog', { name: 'Hand-Thrown Mug' });
  await product.getByLabel('Condition').selectOption({ label: 'Unspoiled' });
  await product.getByRole('button', { name: 'Add' }).click();
  // One mug's 22.00 less its 4.50 price refund.
  await expect(popup.getByTestId('refund-total')).toHaveText('$17.50');
});

test('voiding a paid order records its cash going back', async ({ page }) => {
  await signIn(page, 'cashier');
  const mug = await productUnit(page, 'Hand-Thrown Mug');
  const order = await placeOrder(page, {
    products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }],
    payments: [{ identifier: 'cash-payment', value: 30 }],
  });
  expect(order).toMatchObject({ total: 22, tendered: 30, change: 8, payment_status: 'paid' });
  const popup = await openOrder(page, order.code);
  await popup.getByRole('button', { name: 'Void' }).click();
  const prompt = page.getByRole('dialog', { name: 'Void Order' });
  await prompt.getByRole('textbox').fill('Rang up on the wrong customer.');
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByLabel('Payment Summary')).toContainText('Payment StatusVoid');

  // The 22.00 the store kept (30.00 less 8.00 change) went back in cash, recorded as a refund of the order.
  const { refunds } = await getJson<{ refunds: Array<{ total: number; payments: Array<{ identifier: string; value: number }> }> }>(
    page,
    `/orders/${order.id}/refunds`,
  );
  expect(refunds.map(({ total, payments }) => ({ total, payments: payments.map(({ identifier, value }) => ({ identifier, value })) }))).toEqual([
    { total: 22, payments: [{ identifier: 'cash-payment', value: 22 }] },
  ]);
});

test('at currency precision 0 the till asks, collects and stores the same whole amount', async ({ page }) => {
  await signIn(page, 'admin');
  const options = await getJson<{ ns_currency_precision: number }>(page, '/options');
  const setPrecision = async (precision: number) => {
    const saved = await page.request.post(`${API}/options`, { headers: XHR, data: { ns_currency_precision: precision } });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  await setPrecision(0);
  try {
    await page.goto('/dashboard/pos');
    const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
    await search.fill('100000000062');
    await search.press('Enter');
    await expect(page.getByRole('button', { name: 'Quantity of Silk Scarf' })).toHaveText('1');
    // 19.99 rounds up once, on the order: 20.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
    // The numpad keeps its two-decimal screen at every precision; the figure is the whole 20 the order asks.
    await expect(page.getByLabel('Payment amount')).toHaveText('20.00');
    await expect(page.getByTestId('pay-due')).toHaveText('$20');
    await page.getByRole('button', { name: 'Add Payment' }).click();
    const placed = page.waitForResponse((response) => response.url().endsWith(`${API}/orders`) && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Checkout' }).click();
    const answer = await placed;
    expect(answer.status(), await answer.text()).toBe(200);
    const order = ((await answer.json()) as { data: { order: OrderAnswer } }).data.order;
    await expect(page.getByText('The order has been placed.')).toBeVisible();
    expect(order).toMatchObject({ total: 20, tendered: 20, change: 0, left_to_pay: 0, payment_status: 'paid' });
  } finally {
    await setPrecision(options.ns_currency_precision);
  }
});

test('a 10 % cart discount is shared by the lines: the 100.00 line comes back for 90.00, the 50.00 line for 45.00, and the order reads refunded', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'cashier');
  const order = await placeOrder(page, {
    products: [
      { product_type: 'dynamic', name: 'Oak chest', unit_price: 100, quantity: 1, tax_type: 'exclusive', vendor_id: 101 },
      { product_type: 'dynamic', name: 'Brass lamp', unit_price: 50, quantity: 1, tax_type: 'exclusive', vendor_id: 101 },
    ],
    discount_type: 'percentage',
    discount_percentage: 10,
    payments: [{ identifier: 'cash-payment', value: 135 }],
  });
  expect(order).toMatchObject({ total: 135, payment_status: 'paid' });

  const popup = await openOrder(page, order.code);
  await popup.getByRole('tab', { name: 'Refund' }).click();
  for (const [name, back] of [
    ['Oak chest', '90.00'],
    ['Brass lamp', '45.00'],
  ] as const) {
    await chooseLineToRefund(page, popup, name, back);
    await refundAsPaid(page, popup);
  }
  expect(await getJson<OrderAnswer>(page, `/orders/${order.id}`)).toMatchObject({ payment_status: 'refunded', total_refunded: 135, refundable: 0 });
});

test('a card sale fully returned reads refunded: the goods go back to the card, the store keeps the card fee', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'cashier');
  const order = await placeOrder(page, {
    products: [{ product_type: 'dynamic', name: 'Tin sign', unit_price: 50, quantity: 1, tax_type: 'exclusive', vendor_id: 101 }],
    payments: [{ identifier: 'card', value: 50 }],
  });
  // 3 % + 0.30 of 50.00.
  expect(order).toMatchObject({ total: 51.8, cardfee: 1.8, tendered: 51.8, payment_status: 'paid', refundable: 50 });

  const popup = await openOrder(page, order.code);
  await popup.getByRole('tab', { name: 'Refund' }).click();
  await chooseLineToRefund(page, popup, 'Tin sign', '50.00');
  await expect(popup.getByRole('region', { name: 'Refund As Paid' }).getByTestId('refund-as-paid-card')).toContainText('50.00');
  await refundAsPaid(page, popup);
  expect(await getJson<OrderAnswer>(page, `/orders/${order.id}`)).toMatchObject({
    payment_status: 'refunded',
    total_refunded: 50,
    refundable: 0,
    refunded_by_tender: [{ identifier: 'card', label: 'Card', value: 50 }],
  });
});

test("a vendor's statement credits a layaway as its money comes in: 30 % paid credits 30.00 of 100.00, the rest when paid", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const salesOnStatement = async () => {
    await page.goto('/dashboard/vendor-statement');
    const row = page
      .getByRole('table', { name: 'Statement' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Sales (without tax)', exact: true }) });
    await expect(row).toBeVisible();
    const text = (await row.textContent()) ?? '';
    return Number(text.replace('Sales (without tax)', '').replace(/[^0-9.-]/g, ''));
  };
  await signIn(page, 'vendor');
  const before = await salesOnStatement();

  const till = await browser.newContext();
  const cashier = await till.newPage();
  await signIn(cashier, 'cashier');
  const order = await placeOrder(cashier, {
    products: [{ product_type: 'dynamic', name: 'Walnut shelf', unit_price: 100, quantity: 1, tax_type: 'exclusive', vendor_id: 101 }],
    payments: [{ identifier: 'cash-payment', value: 30 }],
    support_instalments: true,
    instalments: [
      { date: today(), amount: 30, paid: true },
      { date: dateIn(30), amount: 70 },
    ],
  });
  expect(order).toMatchObject({ total: 100, tendered: 30, payment_status: 'partially_paid' });
  expect(await salesOnStatement()).toBeCloseTo(before + 30, 2);

  const paid = await cashier.request.post(`${API}/orders/${order.id}/payments`, { headers: XHR, data: { identifier: 'cash-payment', value: 70 } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(await salesOnStatement()).toBeCloseTo(before + 100, 2);
  await till.close();
});
