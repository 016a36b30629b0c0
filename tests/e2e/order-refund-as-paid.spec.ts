import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { placeOrder } from './orders';

/**
 * A refund goes back the way the money came: an order paid partly by card and partly in cash, one line
 * returned through the Refund tab with 'Refund As Paid'. The popup shows the server's split and the server
 * records the refund by tender.
 */

const API = '/api/nexopos/v4';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const orderPopup = (page: Page) => page.getByRole('dialog', { name: 'Order Options' });

test('30.00 of a 37.40 sale paid 20.00 by card and 20.00 in cash goes back 16.04 to the card and 13.96 in cash', async ({ page }) => {
  // An order placed, a product chosen through two popups and a refund with its receipt: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page, 'cashier');
  const order = await placeOrder(page, {
    products: [
      { product_type: 'dynamic', name: 'Gift basket', unit_price: 30, quantity: 1, tax_type: 'exclusive', vendor_id: 101 },
      { product_type: 'dynamic', name: 'Ribbon', unit_price: 7.4, quantity: 1, tax_type: 'exclusive', vendor_id: 101 },
    ],
    payments: [
      { identifier: 'card', value: 20 },
      { identifier: 'cash-payment', value: 20 },
    ],
  });
  // Card fee 3 % + 0.30 on 20.00: 0.90 kept by the store. 40.90 tendered for 38.30, 2.60 change: the card can give back 20.00, cash 17.40.
  expect(order).toMatchObject({ total: 38.3, cardfee: 0.9, tendered: 40.9, change: 2.6, payment_status: 'paid', refundable: 37.4 });
  expect(order.refundable_by_tender).toEqual([
    { identifier: 'card', label: 'Card', value: 20 },
    { identifier: 'cash-payment', label: 'Cash', value: 17.4 },
  ]);

  await page.goto('/dashboard/orders');
  await page.locator('tbody tr[data-row-id]').filter({ hasText: order.code }).first().getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Options' }).click();
  const popup = orderPopup(page);
  await popup.getByRole('tab', { name: 'Refund' }).click();
  await expect(popup.getByRole('button', { name: 'Refund As Paid' })).toHaveCount(0);

  await popup.getByRole('button', { name: 'Refund Gift basket' }).click();
  const quantity = page.getByRole('dialog', { name: 'Quantity' });
  await quantity.getByRole('button', { name: 'Enter' }).click();
  const product = page.getByRole('dialog', { name: 'Gift basket' });
  await product.getByLabel('Condition').selectOption({ label: 'Unspoiled' });
  await product.getByRole('button', { name: 'Add' }).click();
  await expect(product).toHaveCount(0);
  await expect(popup.getByTestId('refund-total')).toContainText('30.00');

  // 30.00 × 20.00 / 37.40 = 16.04 (16.0427…), 30.00 × 17.40 / 37.40 = 13.96 (13.9572…, the larger remainder takes the cent).
  const asPaid = popup.getByRole('region', { name: 'Refund As Paid' });
  await expect(asPaid.getByTestId('refund-as-paid-card')).toContainText('16.04');
  await expect(asPaid.getByTestId('refund-as-paid-cash-payment')).toContainText('13.96');
  await popup.getByLabel('Register').selectOption({ index: 1 });
  const receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/refund\/\d+$/);
  await asPaid.getByRole('button', { name: 'Refund As Paid' }).click();
  await receipt;

  const response = await page.request.get(`${API}/orders/${order.id}`, { headers: XHR });
  expect(await response.json()).toMatchObject({
    payment_status: 'partially_refunded',
    total_refunded: 30,
    refunded_by_tender: [
      { identifier: 'card', label: 'Card', value: 16.04 },
      { identifier: 'cash-payment', label: 'Cash', value: 13.96 },
    ],
    refundable_by_tender: [
      { identifier: 'card', label: 'Card', value: 3.96 },
      { identifier: 'cash-payment', label: 'Cash', value: 3.44 },
    ],
  });
});
