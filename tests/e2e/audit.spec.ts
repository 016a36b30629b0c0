import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

/** Calls the API from the page (its session cookie), answering the status and the JSON body. */
function call(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ url, method, headers, data }) => {
      const response = await fetch(url, {
        method,
        headers: { ...headers, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(data === undefined ? {} : { body: JSON.stringify(data) }),
      });
      return { status: response.status, body: await response.json() };
    },
    { url: `${API}${path}`, method, headers: HEADERS, data },
  );
}

/** Calls the API as the signed-in user, failing the test on an error answer. */
async function api(page: Page, method: 'POST' | 'DELETE', path: string, data?: unknown): Promise<any> {
  const { status, body } = await call(page, method, path, data);
  expect(status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

const rows = (page: Page) => page.locator('tbody tr[data-row-id]');

test.describe('the Audit Log screen', () => {
  test('lists audited changes to an administrator, read-only, and filters them by action and user', async ({ page }) => {
    await signIn(page, 'admin');
    // Two audited changes of different kinds, made as the back office makes them.
    const memo = `E2E ${Date.now()}`;
    const entry = await api(page, 'POST', '/smp/vendors/ledger', { vendor_id: 102, kind: 'balance_payment', date: '2031-03-04', amount: '12.50', memo });
    await api(page, 'DELETE', `/smp/vendors/ledger/${entry.data.id}`);

    await page.goto('/dashboard/audit-log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    // Newest first: the deletion, then the entry it removed.
    await expect(rows(page).nth(0)).toContainText('Vendor ledger entry deleted');
    await expect(rows(page).nth(1)).toContainText('Vendor ledger entry added');
    await expect(rows(page).nth(1)).toContainText(memo);
    // Nothing offers to create, edit or delete an entry.
    await expect(page.getByRole('link', { name: /create|new/i })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Bulk Actions' })).toHaveCount(0);
    await expect(rows(page).first().getByRole('button', { name: 'Options' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Filters' }).click();
    const popup = page.getByRole('dialog', { name: 'Search Filters' });
    await popup.getByLabel('Action').selectOption({ label: 'Vendor ledger entry added' });
    await popup.getByLabel('User').selectOption({ label: 'admin' });
    await popup.getByRole('button', { name: 'Use Filters' }).click();
    await expect(popup).toBeHidden();
    await expect(rows(page).first()).toContainText(memo);
    for (const text of await rows(page).allTextContents()) {
      expect(text).toContain('Vendor ledger entry added');
      expect(text).toContain('admin');
    }

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Search Filters' }).getByLabel('Action').selectOption({ label: 'Role changed' });
    await page.getByRole('dialog', { name: 'Search Filters' }).getByRole('button', { name: 'Use Filters' }).click();
    await expect(page.getByText('There Is Nothing To Display...')).toBeVisible();
  });

  test('is not offered to a cashier', async ({ page }) => {
    await signIn(page, 'cashier');
    await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    expect((await call(page, 'GET', '/crud/ns.audit-log')).status).toBe(403);
  });
});
