import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { signIn } from './signIn';
import { placeOrder } from './orders';

/** The dashboard shows the day's sale; the reports show it and export it as CSV (priced high so it tops this month's items). */

const amountIn = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).locator('span').nth(1).textContent()) ?? '').replace(/[^0-9.-]/g, ''));

test('the dashboard counts a sale made today; Top items lists it and exports it as CSV', async ({ page }) => {
  test.setTimeout(20_000);
  const item = `Report Lamp ${Date.now()}`;
  await signIn(page, 'manager');
  await expect(page.getByTestId('dashboard-today-sales')).toBeVisible();
  const [salesBefore, ordersBefore] = [await amountIn(page, 'dashboard-today-sales'), await amountIn(page, 'dashboard-today-orders')];

  await placeOrder(page, {
    products: [{ product_type: 'dynamic', vendor_id: 101, name: item, unit_price: 912.34, quantity: 2, tax_type: 'exclusive' }],
    payments: [{ identifier: 'cash-payment', value: 1830 }],
  });
  await page.reload();
  await expect(page.getByTestId('dashboard-today-orders').locator('span').nth(1)).toHaveText(String(ordersBefore + 1));
  expect(await amountIn(page, 'dashboard-today-sales')).toBeCloseTo(salesBefore + 1824.68, 2);

  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Top items' }).click();
  const row = page.getByTestId('report-table').getByRole('row').filter({ hasText: item });
  await expect(row).toContainText(/1,?824\.68/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Item,Quantity,Gross sales,Discounts,Refunds,Net sales');
  expect(text).toContain(`${item},2,1824.68,0.00,0.00,1824.68`);
});
