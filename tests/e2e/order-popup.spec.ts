import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { placeOrder, productUnit } from './orders';

/**
 * The Order Options popup against the real server and the demo orders (server/db/demo/demoOrders.ts):
 * tabs by status, a cash payment, a higher line price handed to the till, and a void. The tests share one
 * database and run in order.
 */
test.describe.configure({ mode: 'serial' });

const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
const orderPopup = (page: Page) => page.getByRole('dialog', { name: 'Order Options' });
const tabNames = async (popup: Locator) => (await popup.getByRole('tab').allTextContents()).map((text) => text.trim());

/** Opens the Options popup of the first listed order whose row holds `text` (its payment status or total). */
async function openOrder(page: Page, status: RegExp, total?: string): Promise<Locator> {
  await page.goto('/dashboard/orders');
  let row = rows(page).filter({ hasText: status });
  if (total) row = row.filter({ hasText: total });
  await row.first().getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Options' }).click();
  const popup = orderPopup(page);
  await expect(popup.getByRole('tab', { name: 'Details' })).toBeVisible();
  return popup;
}

test('tabs follow the payment status: a paid order, then a partially paid layaway order', async ({ page }) => {
  await signIn(page, 'cashier');
  let popup = await openOrder(page, /paid/i, '90.99');
  await expect(popup.getByLabel('Payment Summary')).toContainText('Paid');
  expect(await tabNames(popup)).toEqual(['Details', 'Payments', 'Refund']);
  await expect(popup.getByRole('button', { name: 'Void' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  popup = await openOrder(page, /partially.paid/i, '190.00');
  expect(await tabNames(popup)).toEqual(['Details', 'Payments', 'Refund', 'Layaway']);
  await expect(popup.getByLabel('Payment Summary')).toContainText('Unpaid$95.00');
});

test('a cash payment of the unpaid amount makes a partially paid order paid', async ({ page }) => {
  await signIn(page, 'cashier');
  // An order of its own (one 22.00 mug, 10.00 paid), newest in the list: the demo layaway order stays as it is.
  const mug = await productUnit(page, 'Hand-Thrown Mug');
  const order = await placeOrder(page, {
    products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }],
    payments: [{ identifier: 'cash-payment', value: 10 }],
    save_unpaid: true,
  });
  expect(order).toMatchObject({ payment_status: 'partially_paid', total: 22 });
  const popup = await openOrder(page, /partially.paid/i, order.code);
  await popup.getByRole('tab', { name: 'Payments' }).click();
  const entry = popup.getByRole('region', { name: 'New Payment' });
  await expect(entry.getByRole('combobox', { name: 'Payment Type' })).toHaveValue('cash-payment');
  await entry.getByRole('button', { name: 'Full Amount' }).click();
  await expect(entry.getByLabel('Payment Amount', { exact: true })).toHaveText('12.00');
  await entry.getByRole('button', { name: 'Enter' }).click();
  await expect(popup.getByLabel('Payment Totals')).toContainText('Unpaid$0.00');
  await expect(popup.getByRole('region', { name: 'Payment History' })).toContainText('$12.00');
  expect(await tabNames(popup)).toEqual(['Details', 'Payments', 'Refund']);
  await popup.getByRole('tab', { name: 'Details' }).click();
  await expect(popup.getByLabel('Payment Summary')).toContainText('Payment StatusPaid');
  // A paid order takes no more payments.
  await popup.getByRole('tab', { name: 'Payments' }).click();
  await entry.getByRole('button', { name: 'Full Amount' }).click();
  await entry.getByRole('button', { name: 'Enter' }).click();
  await expect(entry.getByRole('alert')).toHaveText('No Payment Possible For Paid Order.');
});

test('a higher line price goes to the till with the pending order update', async ({ page }) => {
  await signIn(page, 'cashier');
  const popup = await openOrder(page, /paid/i, '90.99');
  await popup.getByRole('button', { name: 'Edit Silk Scarf' }).click();
  await popup.getByRole('button', { name: 'price of Silk Scarf' }).click();
  const pricePopup = page.getByRole('dialog', { name: 'Product Price' });
  for (const key of ['2', '5', '0', '0']) await pricePopup.getByRole('button', { name: key, exact: true }).click();
  await pricePopup.getByRole('button', { name: 'Enter' }).click();
  await expect(popup.getByRole('button', { name: 'price of Silk Scarf' })).toHaveAttribute('data-changed', '');
  await orderPopup(page).getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pos$/);
  const pending = await page.evaluate(() => window.localStorage.getItem('ns-pos-pending-order-update'));
  expect(JSON.parse(pending ?? 'null')).toMatchObject({ previousTotal: 90.99, newTotal: 96, tendered: 100, products: [{ unit_price: 25 }] });
});

test('voiding an unpaid order records the reason and leaves only the Details tab', async ({ page }) => {
  await signIn(page, 'manager');
  const popup = await openOrder(page, /unpaid/i, '100.00');
  expect(await tabNames(popup)).toEqual(['Details', 'Payments', 'Refund', 'Shipping']);
  await popup.getByRole('button', { name: 'Void' }).click();
  const prompt = page.getByRole('dialog', { name: 'Void Order' });
  await prompt.getByRole('textbox').fill('Customer cancelled the delivery.');
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByLabel('Payment Summary')).toContainText('Payment StatusVoid');
  expect(await tabNames(popup)).toEqual(['Details']);
  await expect(popup.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(rows(page).filter({ hasText: '100.00' }).filter({ hasText: /void/i })).toHaveCount(1);
});
