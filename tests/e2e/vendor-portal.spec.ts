import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

/** The statement's "Sales (without tax)" figure for the signed-in vendor's current month. */
async function salesOnStatement(page: Page): Promise<number> {
  await page.goto('/dashboard/vendor-statement');
  const row = page
    .getByRole('table', { name: 'Statement' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Sales (without tax)', exact: true }) });
  await expect(row).toBeVisible();
  const text = (await row.textContent()) ?? '';
  return Number(text.replace('Sales (without tax)', '').replace(/[^0-9.-]/g, ''));
}

async function addItem(page: Page, name: string, price: string, quantity: string): Promise<void> {
  await page.goto('/dashboard/my-items');
  await page.getByRole('link', { name: 'Add Item' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-items\/create$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price').fill(price);
  await page.getByLabel('Quantity').fill(quantity);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully Saved').last()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-items$/);
}

test('a vendor finds their spaces, adds two items, a cashier sells one at the till, the vendor sees it under My Sales and in the statement', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const lamp = `Portal Lamp ${stamp}`;
  const bowl = `Portal Bowl ${stamp}`;

  await signIn(page, 'vendor');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of ['My Items', 'My Sales', 'My Spaces', 'Vendor Statement', 'Sales Alerts'])
    await expect(menu.getByRole('link', { name: entry })).toBeVisible();
  // My Spaces: the floor map with the vendor's own booths highlighted and listed (the demo vendor rents some).
  await menu.getByRole('link', { name: 'My Spaces' }).click();
  await expect(page.getByRole('heading', { name: 'My Spaces' })).toBeVisible();
  await expect(page.getByTestId('own-spaces')).toHaveText(/^Your spaces: #\d+/);
  const before = await salesOnStatement(page);

  await addItem(page, lamp, '21.20', '2');
  await addItem(page, bowl, '15', '1');
  await expect(page.getByRole('cell', { name: lamp })).toBeVisible();
  await expect(page.getByRole('cell', { name: bowl })).toBeVisible();
  // Editing an item's stock: the form carries the quantity it was opened with, so the change goes through.
  await page.getByRole('row').filter({ hasText: bowl }).getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByLabel('Quantity')).toHaveValue('1');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Quantity').fill('3');
  const saved = page.waitForResponse((response) => /\/crud\/ns\.vendor-items\/\d+$/.test(response.url()) && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await page.goto('/dashboard/my-items');
  await expect(page.getByRole('row').filter({ hasText: bowl }).getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // The cashier sells the lamp without choosing a vendor: 21.20 with 6 % tax included.
  const till = await browser.newContext();
  const cashier = await till.newPage();
  await signIn(cashier, 'cashier');
  await cashier.goto('/dashboard/pos');
  const search = cashier.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill(lamp);
  await cashier
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(lamp) })
    .click();
  await expect(cashier.getByTestId('cart-total')).toHaveText('$21.20');
  await cashier.getByRole('button', { name: 'Pay', exact: true }).click();
  await cashier.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
  await expect(cashier.getByLabel('Payment amount')).toHaveText('21.20');
  await cashier.getByRole('button', { name: 'Add Payment' }).click();
  const placed = cashier.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await cashier.getByRole('button', { name: 'Checkout' }).click();
  const answer = (await (await placed).json()) as { data: { order: { code: string; products: Array<{ vendor_id: number | null }> } } };
  expect(answer.data.order.products.map((line) => line.vendor_id)).toEqual([101]);
  await expect(cashier.getByText('The order has been placed.')).toBeVisible();
  await till.close();

  // My Sales: the lamp's line, 21.20 paid, 20.00 credited without tax, 7.5 % commission 1.50.
  await menu.getByRole('link', { name: 'My Sales' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-sales$/);
  const line = page.getByRole('row').filter({ hasText: lamp });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(answer.data.order.code);
  await expect(line).toContainText('21.20');
  await expect(line).toContainText('20.00');
  await expect(line).toContainText('1.50');
  await expect(page.getByRole('row').filter({ hasText: bowl })).toHaveCount(0);

  // The statement counts the sale: 20.00 more sales without tax this month.
  expect(await salesOnStatement(page)).toBeCloseTo(before + 20, 2);
});
