import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { placeOrder, productUnit } from './orders';

/**
 * Change handed back stays given, everywhere: 30.00 paid for a 22.00 mug, 8.00 handed back, then the mug
 * raised to 25.00. The server, the till and the Order Options popup all say 3.00 is owed, and the till
 * collects it.
 */

const API = '/api/nexopos/v4';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const orderPopup = (page: Page) => page.getByRole('dialog', { name: 'Order Options' });

async function openOrder(page: Page, code: string) {
  await page.goto('/dashboard/orders');
  const row = page.locator('tbody tr[data-row-id]').filter({ hasText: code });
  await row.first().getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Options' }).click();
  const popup = orderPopup(page);
  await expect(popup.getByRole('tab', { name: 'Details' })).toBeVisible();
  return popup;
}

test('30.00 paid for 22.00 with 8.00 back, raised to 25.00: the till and the popup ask 3.00 and the till collects it', async ({ page }) => {
  await signIn(page, 'cashier');
  const mug = await productUnit(page, 'Hand-Thrown Mug');
  const order = await placeOrder(page, {
    products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }],
    payments: [{ identifier: 'cash-payment', value: 30 }],
  });
  expect(order).toMatchObject({ total: 22, tendered: 30, change: 8, payment_status: 'paid', left_to_pay: 0 });

  // The popup raises the mug to 25.00 and hands the update to the till.
  let popup = await openOrder(page, order.code);
  await popup.getByRole('button', { name: 'Edit Hand-Thrown Mug' }).click();
  await popup.getByRole('button', { name: 'price of Hand-Thrown Mug' }).click();
  const pricePopup = page.getByRole('dialog', { name: 'Product Price' });
  for (const key of ['2', '5', '0', '0']) await pricePopup.getByRole('button', { name: key, exact: true }).click();
  await pricePopup.getByRole('button', { name: 'Enter' }).click();
  await expect(pricePopup).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'price of Hand-Thrown Mug' })).toHaveAttribute('data-changed', '');
  await orderPopup(page).getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pos$/);

  // The till asks 3.00 (not 25.00 − 30.00 → 0) and collects it in cash with the update.
  await expect(page.getByRole('region', { name: 'Order update' })).toContainText('Difference$3.00');
  await expect(page.getByRole('main')).toContainText('Unpaid$3.00');
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await expect(page.getByLabel('Payment amount')).toHaveText('3.00');
  await page.getByRole('button', { name: 'Add Payment', exact: true }).click();
  await page.getByRole('button', { name: 'Update Order' }).click();
  await expect(page.getByText('The order has been updated.')).toBeVisible();

  const response = await page.request.get(`${API}/orders/${order.id}`, { headers: XHR });
  expect(await response.json()).toMatchObject({ total: 25, tendered: 33, change: 8, payment_status: 'paid', left_to_pay: 0 });

  // The popup reads the server's figures: paid, nothing left.
  popup = await openOrder(page, order.code);
  await expect(popup.getByLabel('Payment Summary')).toContainText('Payment StatusPaid');
  await expect(popup.getByLabel('Payment Summary')).toContainText('Change$8.00');
});

test('the popup shows the 3.00 the server says is owed when the line was raised without a payment', async ({ page }) => {
  await signIn(page, 'cashier');
  const mug = await productUnit(page, 'Hand-Thrown Mug');
  const order = await placeOrder(page, {
    products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }],
    payments: [{ identifier: 'cash-payment', value: 30 }],
  });
  const raised = await page.request.put(`${API}/orders/${order.id}/product`, {
    headers: XHR,
    data: { products: [{ id: order.products[0]!.id, unit_price: 25 }] },
  });
  expect(raised.status()).toBe(200);
  expect((await raised.json()).data.order).toMatchObject({ total: 25, tendered: 30, change: 8, left_to_pay: 3, payment_status: 'partially_paid' });

  const popup = await openOrder(page, order.code);
  await expect(popup.getByLabel('Payment Summary')).toContainText('Unpaid$3.00');
  await popup.getByRole('tab', { name: 'Payments' }).click();
  await expect(popup.getByLabel('Payment Totals')).toContainText('Unpaid$3.00');
  const entry = popup.getByRole('region', { name: 'New Payment' });
  await entry.getByRole('button', { name: 'Full Amount' }).click();
  await expect(entry.getByLabel('Payment Amount', { exact: true })).toHaveText('3.00');
  await entry.getByRole('button', { name: 'Enter' }).click();
  await expect(popup.getByLabel('Payment Totals')).toContainText('Unpaid$0.00');
});
