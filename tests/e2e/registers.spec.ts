import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * A day at a new Patio Till (the demo's registers are both open): an administrator opens it with 100.00 counted, sells a mug for
 * 22.00 cash at the till, takes 20.00 out for the bank, counts 101.00 (1.00 short of the 102.00 expected)
 * and closes; the Z report prints through the hidden frame and can be reprinted from the session list.
 */
test('open a register, sell, cash out 20 with a reason, close 1.00 short, print the Z report', async ({ page }) => {
  await signIn(page, 'admin');
  const created = await page.request.post(`${API}/crud/ns.cash-registers`, { headers: XHR, data: { name: 'Patio Till', general: { status: 'closed' } } });
  expect(created.status(), await created.text()).toBe(200);
  await page.getByRole('link', { name: 'Register Sessions', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/registers$/);
  const card = page.getByRole('region', { name: 'Register Patio Till' });
  await expect(card.getByTestId('register-state')).toHaveText('Closed');
  await card.getByLabel('Count of $100.00').fill('1');
  await expect(card.getByText('Counted: $100.00')).toBeVisible();
  await card.getByRole('button', { name: 'Open Register' }).click();
  await expect(card.getByTestId('register-state')).toContainText('Open · admin');
  await expect(card.getByTestId('expected-cash')).toHaveText('$100.00');

  // The till on the Patio Till: its session shows open; a mug for 22.00 in cash.
  await page.getByRole('link', { name: 'POS', exact: true }).click();
  await page.getByRole('combobox', { name: 'Register', exact: true }).selectOption({ label: 'Patio Till' });
  await expect(page.getByTestId('register-session')).toHaveText('Open · admin');
  await page.getByRole('searchbox', { name: 'Search products or scan a barcode' }).fill('Hand-Thrown');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /Hand-Thrown Mug/ })
    .click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
  await expect(page.getByLabel('Payment amount')).toHaveText('22.00');
  await page.getByRole('button', { name: 'Add Payment' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('The order has been placed.')).toBeVisible();

  // 20.00 out for the bank; the server now expects 100.00 + 22.00 − 20.00.
  await page.getByRole('link', { name: 'Register Sessions', exact: true }).click();
  await card.getByLabel('Movement').selectOption('out');
  await card.getByLabel('Amount').fill('20');
  await card.getByLabel('Reason').fill('Bank deposit');
  await card.getByRole('button', { name: 'Record' }).click();
  await expect(card.getByTestId('expected-cash')).toHaveText('$102.00');

  // Counted 101.00 as a total: 1.00 short, under the 5.00 threshold, so it closes at once and prints.
  const closing = card.getByRole('group', { name: 'Closing Count' });
  await closing.getByRole('button', { name: 'Total' }).click();
  await closing.getByLabel('Counted Total').fill('101');
  await card.getByRole('button', { name: 'Close Register' }).click();
  await expect(page.getByText('The register is closed.')).toBeVisible();
  const zFrames = page.locator('iframe[data-print-frame][src*="/receipts/z-report/"]');
  await expect(zFrames).toHaveCount(1);
  const src = (await zFrames.getAttribute('src'))!;
  expect(src).toMatch(new RegExp(`^${API}/receipts/z-report/\\d+$`));
  const report = await page.request.get(src, { headers: XHR });
  const text = await report.text();
  for (const expected of [
    'Z Report',
    'Patio Till',
    'Bank deposit',
    'Expected Cash',
    '$102.00',
    'Counted Cash',
    '$101.00',
    'Short',
    '$1.00',
    'Cash (1)',
    '$22.00',
  ])
    expect(text).toContain(expected);

  // The session list keeps the stored figures; the report can be printed again.
  const row = page.getByRole('table', { name: 'Register Sessions' }).locator(`tr[data-session-id="${src.split('/').pop()}"]`);
  await expect(row).toContainText('$102.00');
  await expect(row).toContainText('$101.00');
  const reprinted = page.waitForRequest((request) => request.url().endsWith(src));
  await row.getByRole('button', { name: 'Reprint Z Report' }).click();
  await reprinted;
});
