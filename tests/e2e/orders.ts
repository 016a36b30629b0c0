import { expect, type Locator, type Page } from '@playwright/test';
import type { CheckoutBody, OrderAnswer, PosProductAnswer } from '../../schemas/orders/api';

const API = '/api/nexopos/v4';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The first unit of a catalogue product, found through the till's search (the page must be signed in). */
export async function productUnit(page: Page, name: string): Promise<{ product_id: number; unit_id: number; price: number }> {
  const response = await page.request.get(`${API}/pos/products?search=${encodeURIComponent(name)}`, { headers: XHR });
  expect(response.ok()).toBe(true);
  const product = ((await response.json()) as PosProductAnswer[]).find((row) => row.name === name);
  if (!product?.units[0]) throw new Error(`No product '${name}' in the till search.`);
  return { product_id: product.id, unit_id: product.units[0].unit_id, price: product.units[0].sale_price };
}

/** Places an order of its own through POST /orders, so a test does not depend on (or spoil) the demo orders. */
export async function placeOrder(page: Page, body: CheckoutBody): Promise<OrderAnswer> {
  const response = await page.request.post(`${API}/orders`, { headers: XHR, data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { order: OrderAnswer } }).data.order;
}

/** Presses numpad keys (digits, Enter) inside a scope. */
export async function press(scope: Locator, keys: string[]): Promise<void> {
  for (const key of keys) await scope.getByRole('button', { name: key, exact: true }).click();
}

/** Opens the Order Options popup of an order from the Orders list (row Options → Options). */
export async function openOrder(page: Page, code: string): Promise<Locator> {
  await page.goto('/dashboard/orders');
  await page.locator('tbody tr[data-row-id]').filter({ hasText: code }).getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Options' }).click();
  const popup = page.getByRole('dialog', { name: 'Order Options' });
  await expect(popup.getByRole('tab', { name: 'Details' })).toBeVisible();
  await expect(popup.getByLabel('Order', { exact: true })).toContainText(`Code${code}`);
  return popup;
}
