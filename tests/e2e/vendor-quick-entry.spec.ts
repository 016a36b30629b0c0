import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

test('quick entry: the cashier types a vendor number and a price and sells a line credited to that vendor; a line without a vendor is refused', async ({
  page,
}) => {
  await signIn(page, 'cashier');
  await page.goto('/dashboard/pos');

  // A custom item nobody sells: with "every line needs a vendor" on (a new store), holding it is refused, naming it.
  await page.getByRole('button', { name: 'Custom Item' }).click();
  await page.getByRole('textbox', { name: 'Product Name' }).fill('Gift wrap');
  await page.getByRole('button', { name: 'Continue' }).click();
  const pricePopup = page.getByRole('dialog', { name: 'Product Price' });
  for (const key of ['2', '0', '0']) await pricePopup.getByRole('button', { name: key, exact: true }).click();
  await pricePopup.getByRole('button', { name: 'Enter' }).click();
  await page.getByRole('button', { name: 'Hold', exact: true }).click();
  await expect(snackbar(page, 'Line 1 (Gift wrap) has no vendor. Choose the vendor who sells it.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Gift wrap' }).click();

  const dialog = page.getByRole('dialog', { name: 'Quick Entry' });
  await page.getByRole('button', { name: 'Quick Entry' }).click();
  await dialog.getByLabel('Vendor Number').fill('999');
  await dialog.getByLabel('Price').fill('21.20');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('No active vendor has the number 999.');
  await dialog.getByLabel('Vendor Number').fill('102');
  await dialog.getByLabel('Description (optional)').fill('Oak frame');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Vendor of Oak frame' })).toHaveText('oldbarn');
  await expect(page.getByTestId('cart-total')).toHaveText('$21.20');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
  await page.getByRole('button', { name: 'Add Payment' }).click();
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const answer = (await (await placed).json()) as { data: { order: { products: Array<{ name: string; vendor_id: number | null; product_type: string }> } } };
  expect(answer.data.order.products.map((line) => [line.name, line.product_type, line.vendor_id])).toEqual([['Oak frame', 'dynamic', 102]]);
  await expect(page.getByText('The order has been placed.')).toBeVisible();
});
