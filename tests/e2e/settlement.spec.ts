import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';

/** Calls the API from the page with its session, failing the test on an error answer. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<any> {
  const { status, body } = await page.evaluate(
    async ({ url, method, data }) => {
      const response = await fetch(url, {
        method,
        headers: { 'x-requested-with': 'XMLHttpRequest', ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(data === undefined ? {} : { body: JSON.stringify(data) }),
      });
      return { status: response.status, body: await response.json() };
    },
    { url: `${API}${path}`, method, data },
  );
  expect(status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

test('month-end settlement of the demo vendors, and a cheque payout printed, reprinted on a new cheque and posted', async ({ page, browser }) => {
  await signIn(page, 'admin');
  // The demo's sales are all from the last few days: a credit dated on last month's last day gives retroroom
  // (103, commission only) something to be paid for last month, whatever day the test runs.
  const { default_through: through } = await api(page, 'GET', '/settlement/runs');
  await api(page, 'POST', '/smp/vendors/ledger', { vendor_id: 103, kind: 'credit', date: through, amount: 250, memo: 'Consignment correction' });

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settlement' }).click();
  await expect(page.getByRole('heading', { name: 'Month-End Settlement' })).toBeVisible();
  await expect(page.getByLabel('Pay vendors through')).toHaveValue(through);
  await page.getByRole('button', { name: 'Run Settlement' }).click();
  await expect(page.getByRole('heading', { name: /^Settlement #\d+:/ })).toBeVisible();

  const vendors = page.getByRole('table', { name: 'Vendors' });
  for (const vendor of ['vendor (#101)', 'retroroom (#103)', 'closedstall (#105)'])
    await expect(vendors.getByRole('rowheader', { name: vendor })).toBeVisible();
  const retroroom = vendors.locator('tr[data-vendor="103"]');
  await expect(retroroom.getByRole('cell').filter({ hasText: 'Pay' }).first()).toBeVisible();
  await retroroom.getByRole('button', { name: 'Pay' }).click();

  const form = page.getByRole('form', { name: 'Record Payout' });
  await form.getByLabel('Method').selectOption('cheque');
  await form.getByLabel('Cheque Number').fill('5001');
  await form.getByLabel('Amount').fill('100');
  await form.getByRole('button', { name: 'Record Payout' }).click();

  const payout = page.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: 'retroroom (#103)' });
  await expect(payout.getByTestId('payout-status')).toHaveText('Recorded');
  const printed = page.waitForResponse((response) => /\/settlement\/payouts\/\d+\/document$/.test(response.url()) && response.status() === 200);
  await payout.getByRole('button', { name: 'Print' }).click();
  await printed;
  await expect(payout.getByTestId('payout-status')).toHaveText('Printed');
  // The cheque jammed: the next cheque's number, printed again, still one payout.
  await payout.getByLabel('Cheque Number').fill('5002');
  await payout.getByRole('button', { name: 'Reprint' }).click();
  await expect(payout.getByTestId('payout-status')).toHaveText('Printed (printed 2 times)');
  await payout.getByRole('button', { name: 'Post' }).click();
  await expect(payout.getByTestId('payout-status')).toHaveText(/^Posted/);
  await expect(payout).toContainText('5002');
  await expect(retroroom.getByTestId('paid')).toHaveText('$100.00');

  // The vendor finds it under their statement.
  const vendorPage = await (await browser.newContext()).newPage();
  await signIn(vendorPage, 'retroroom');
  await vendorPage.goto('/dashboard/vendor-statement');
  const paid = vendorPage.getByRole('table', { name: 'Payouts' }).getByRole('row').filter({ hasText: '5002' });
  await expect(paid).toContainText('Cheque');
  await expect(paid).toContainText('$100.00');
});
