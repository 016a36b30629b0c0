import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

/** Presses numpad keys inside the open popup (or the payment panel when no popup is open). */
async function pressKeys(scope: ReturnType<Page['getByRole']>, keys: string[]) {
  for (const key of keys) await scope.getByRole('button', { name: key, exact: true }).click();
}

async function openTill(page: Page) {
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: 'POS', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/pos$/);
  await expect(page.getByRole('searchbox', { name: 'Search products or scan a barcode' })).toBeVisible();
}

test('a cashier sells at the till: search by name and barcode, quantity, line discount, card (with its fee) and cash, checkout', async ({ page }) => {
  await openTill(page);
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });

  // By name: the results list, then a click.
  await search.fill('Hand-Thrown');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /Hand-Thrown Mug/ })
    .click();
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('1');

  // By barcode: a scan (typed code + Enter) adds the product directly.
  await search.fill('100000000062');
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Quantity of Silk Scarf' })).toHaveText('1');
  await expect(search).toHaveValue('');

  // Quantity 2 through the Define Quantity popup.
  await page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' }).click();
  const quantity = page.getByRole('dialog', { name: 'Define Quantity' });
  await pressKeys(quantity, ['2', 'Enter']);
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('2');

  // A 10 % line discount through the Product Discount popup (opens on Percentage, 1).
  await page.getByRole('button', { name: 'Discount of Hand-Thrown Mug' }).click();
  const discount = page.getByRole('dialog', { name: 'Product Discount' });
  await expect(discount.getByRole('button', { name: 'Percentage' })).toHaveAttribute('aria-pressed', 'true');
  await pressKeys(discount, ['1', '0', 'Enter']);
  // 2 × 22.00 − 10 % = 39.60; + Silk Scarf 19.99 (both tax inclusive) = 59.59.
  await expect(page.getByTestId('cart-total')).toHaveText('$59.59');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const types = page.getByRole('group', { name: 'Payment type' });
  await types.getByRole('button', { name: /card/i }).click();
  // The numpad opens at the amount due; 20.00 typed as cents.
  await expect(page.getByLabel('Payment amount')).toHaveText('59.59');
  await pressKeys(page.locator('[data-numpad]'), ['2', '0', '0', '0']);
  // Card fee: 3 % of 20.00 (0.60) + 0.30 flat.
  await expect(page.getByTestId('card-fee-preview')).toHaveText('$0.90');
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByTestId('pay-due')).toHaveText('$39.59');
  await expect(page.getByTestId('pay-card-fees')).toHaveText('$0.90');

  await types.getByRole('button', { name: /cash/i }).click();
  await expect(page.getByLabel('Payment amount')).toHaveText('39.59');
  await pressKeys(page.locator('[data-numpad]'), ['4', '0', '0', '0']);
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await expect(page.getByTestId('pay-change')).toHaveText('$0.41');

  const placed = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const answer = (await (await placed).json()) as { data: { order: { code: string; total: number; payment_status: string; cardfee: number } } };
  await expect(page.getByText('The order has been placed.')).toBeVisible();
  expect(answer.data.order.payment_status).toBe('paid');
  expect(answer.data.order.cardfee).toBe(0.9);
  // The cart is reset for the next sale.
  await expect(page.getByText('The cart is empty.')).toBeVisible();

  // The order is in the Orders list.
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('cell', { name: answer.data.order.code })).toBeVisible();
});

test('a cashier holds an order and resumes it from the held orders', async ({ page }) => {
  await openTill(page);
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill('100000000086');
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Quantity of Beeswax Candles' })).toBeVisible();

  const held = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Hold', exact: true }).click();
  const answer = (await (await held).json()) as { data: { order: { code: string; payment_status: string } } };
  expect(answer.data.order.payment_status).toBe('hold');
  await expect(page.getByText('The order has been put on hold.')).toBeVisible();
  await expect(page.getByText('The cart is empty.')).toBeVisible();

  await page.getByRole('button', { name: 'Held Orders' }).click();
  const popup = page.getByRole('dialog', { name: 'Held Orders' });
  await popup.getByRole('button', { name: new RegExp(answer.data.order.code) }).click();
  await expect(page.getByRole('button', { name: 'Quantity of Beeswax Candles' })).toHaveText('1');
  await expect(page.getByText('Resuming a held order.')).toBeVisible();
});

test('a sale with nothing paid is refused at Checkout; the cashier saves it unpaid on purpose through Save Unpaid', async ({ page }) => {
  await openTill(page);
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/nexopos/v4/orders')) posted.push(request.url());
  });
  await page.getByRole('searchbox', { name: 'Search products or scan a barcode' }).fill('Hand-Thrown');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /Hand-Thrown Mug/ })
    .click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();

  // Pay → Cash → Checkout without adding the payment: refused, nothing placed.
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('This order is not fully paid. Add a payment, make it a layaway, or save it as unpaid.')).toBeVisible();
  await expect(page.getByText('The order has been placed.')).toHaveCount(0);
  expect(posted).toEqual([]);

  // The deliberate choice: Save Unpaid asks first; No keeps the sale open.
  await page.getByRole('button', { name: 'Save Unpaid' }).click();
  const confirm = page.getByRole('dialog', { name: 'Save Unpaid' });
  await expect(confirm).toContainText('$22.00 is left to pay. Save this order as unpaid?');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toHaveCount(0);
  expect(posted).toEqual([]);

  await page.getByRole('button', { name: 'Save Unpaid' }).click();
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.getByRole('dialog', { name: 'Save Unpaid' }).getByRole('button', { name: 'Yes' }).click();
  const response = await placed;
  expect(response.request().postDataJSON()).toMatchObject({ save_unpaid: true, payments: [] });
  const answer = (await response.json()) as { data: { order: { payment_status: string; total: number; tendered: number } } };
  await expect(page.getByText('The order has been placed.')).toBeVisible();
  expect(answer.data.order).toMatchObject({ payment_status: 'unpaid', total: 22, tendered: 0 });
});
