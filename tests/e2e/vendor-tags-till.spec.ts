import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

async function addItem(page: Page, name: string, price: string): Promise<void> {
  await page.goto('/dashboard/my-items/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price').fill(price);
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully Saved').last()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my-items$/);
}

/** The statement's "Sales (without tax)" figure for the signed-in vendor's current month. */
async function salesOnStatement(page: Page): Promise<number> {
  await page.goto('/dashboard/vendor-statement');
  const row = page
    .getByRole('table', { name: 'Statement' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Sales (without tax)', exact: true }) });
  await expect(row).toBeVisible();
  return Number(((await row.textContent()) ?? '').replace('Sales (without tax)', '').replace(/[^0-9.-]/g, ''));
}

test("a vendor's two new items get tags with their codes; a cashier scans one and sells it; the vendor sees it in My Sales and the statement", async ({
  page,
  browser,
}, testInfo) => {
  const stamp = Date.now();
  const frame = `Tagged Frame ${stamp}`;
  const jug = `Tagged Jug ${stamp}`;
  await signIn(page, 'vendor');
  const before = await salesOnStatement(page);
  await addItem(page, frame, '10.60');
  await addItem(page, jug, '8');

  // Both selected in My Items, printed as tags on a Letter sheet.
  const rows = page.locator('tbody tr[data-row-id]');
  await rows.filter({ hasText: frame }).getByRole('checkbox').check();
  await rows.filter({ hasText: jug }).getByRole('checkbox').check();
  await page.getByRole('combobox', { name: 'Bulk Actions' }).selectOption({ label: 'Print Tags' });
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print Tags' });
  const codeOf = async (name: string) => /V101-\d+/.exec((await dialog.getByRole('row', { name: new RegExp(name) }).textContent()) ?? '')![0];
  await expect(dialog.getByRole('row', { name: new RegExp(frame) })).toContainText('$10.60');
  const [frameCode, jugCode] = [await codeOf(frame), await codeOf(jug)];
  await dialog.getByRole('button', { name: 'Print Tags' }).click();
  await expect(dialog).toBeHidden();
  const url = await page.locator('iframe[data-print-frame]').getAttribute('src');
  expect(url).toMatch(/^\/api\/nexopos\/v4\/tags\/ns\.vendor-items\/print\?layout=sheet&start=1&items=\d+x1,\d+x1$/);

  // The sheet printed to PDF by Chromium carries each item's code under its barcode, and the vendor number.
  const sheet = await page.context().newPage();
  await sheet.goto(url!);
  await sheet.emulateMedia({ media: 'print' });
  const file = testInfo.outputPath('vendor-tags.pdf');
  fs.writeFileSync(file, await sheet.pdf({ preferCSSPageSize: true, printBackground: true }));
  await sheet.close();
  const words = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).split(/\s+/);
  expect(words.filter((word) => word === frameCode)).toHaveLength(1);
  expect(words.filter((word) => word === jugCode)).toHaveLength(1);
  expect(words.filter((word) => word === '#101')).toHaveLength(2);

  // The cashier scans the frame's tag: the code typed into the search and Enter, as a scanner sends it.
  const till = await browser.newContext();
  const cashier = await till.newPage();
  await signIn(cashier, 'cashier');
  await cashier.goto('/dashboard/pos');
  const search = cashier.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill(frameCode);
  await search.press('Enter');
  await expect(cashier.getByRole('button', { name: `Quantity of ${frame}` })).toHaveText('1');
  await expect(cashier.getByTestId('cart-total')).toHaveText('$10.60');
  await cashier.getByRole('button', { name: 'Pay', exact: true }).click();
  await cashier.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
  await cashier.getByRole('button', { name: 'Add Payment' }).click();
  const placed = cashier.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await cashier.getByRole('button', { name: 'Checkout' }).click();
  const answer = (await (await placed).json()) as { data: { order: { code: string; products: Array<{ vendor_id: number | null }> } } };
  expect(answer.data.order.products.map((line) => line.vendor_id)).toEqual([101]);
  await till.close();

  // My Sales: 10.60 paid, 10.00 credited without tax, 7.5 % commission 0.75; the statement 10.00 higher.
  await page.goto('/dashboard/my-sales');
  const line = page.getByRole('row').filter({ hasText: frame });
  await expect(line).toContainText(answer.data.order.code);
  await expect(line).toContainText('10.60');
  await expect(line).toContainText('10.00');
  await expect(line).toContainText('0.75');
  expect(await salesOnStatement(page)).toBeCloseTo(before + 10, 2);
});
