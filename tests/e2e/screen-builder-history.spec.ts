import { expect, test, type Page } from '@playwright/test';
import { snackbar } from './crudHelpers';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A small builder screen made through the API, with one record, so the test spends its time on the pages under test. */
function shelfDeclaration() {
  return {
    namespace: 'e2e.shelf-checks',
    slug: 'shelf-checks',
    table: 'e2e_shelf_checks',
    labels: { list_title: 'Shelf Checks' },
    permissions: { read: 'session.read', create: 'session.read', update: 'session.read', delete: 'session.read' },
    access: {},
    columns: { name: { label: 'Name', sortable: true }, notes: { label: 'Notes', sortable: false } },
    search: ['name'],
    form: {
      main: { name: 'name', label: 'Name', type: 'text', validation: 'required' },
      tabs: { general: { label: 'General', fields: [{ name: 'notes', label: 'Notes', type: 'text' }] } },
    },
  };
}

async function storedNotes(page: Page): Promise<unknown> {
  const form = await (await page.request.get(`${API}/crud/e2e.shelf-checks/form-config/1`, { headers: XHR })).json();
  return form.form.tabs.general.fields.find((field: { name: string }) => field.name === 'notes')?.value;
}

async function removeNotesAndSave(page: Page, version: number) {
  await page.goto('/dashboard/screens/edit/e2e.shelf-checks');
  const notes = page.getByRole('region', { name: /^Field \d+$/ }).filter({ has: page.getByRole('heading', { name: 'Notes' }) });
  await notes.getByRole('button', { name: 'Remove field' }).click();
  await page.getByRole('button', { name: 'Save screen' }).click();
  const check = page.getByRole('dialog', { name: 'Save this screen?' });
  await expect(check).toContainText('Removed fields (hidden; the values are kept until purged)');
  await check.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, `Screen saved (version ${version}).`)).toBeVisible();
}

test('a removed field is restored with its values, purged only once its name is typed, and history reverts', async ({ page }) => {
  await signIn(page, 'admin');
  const created = await page.request.post(`${API}/screens`, { headers: XHR, data: { declaration: shelfDeclaration() } });
  expect(created.status()).toBe(201);
  const record = await page.request.post(`${API}/crud/e2e.shelf-checks`, { headers: XHR, data: { name: 'Lamp', general: { notes: 'chipped base' } } });
  expect(record.status()).toBe(200);

  await removeNotesAndSave(page, 2);
  const removed = page.getByRole('region', { name: 'Removed fields' });
  await removed.getByRole('button', { name: 'Restore' }).click();
  await expect(snackbar(page, 'Notes is back with its values.')).toBeVisible();
  expect(await storedNotes(page)).toBe('chipped base');

  await removeNotesAndSave(page, 4);
  await removed.getByRole('button', { name: 'Purge' }).click();
  const purge = page.getByRole('dialog');
  await expect(purge.getByRole('button', { name: 'Purge for good' })).toBeDisabled();
  await purge.getByLabel('Field name').fill('notes');
  await purge.getByRole('button', { name: 'Purge for good' }).click();
  await expect(snackbar(page, 'Notes was purged.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purge', exact: true })).toHaveCount(0);

  await page.goto('/dashboard/screens/history/e2e.shelf-checks');
  const history = page.getByRole('table');
  await expect(history).toContainText('Purged notes');
  await expect(history).toContainText('Restored notes');
  await history.getByRole('row').filter({ hasText: 'Created' }).getByRole('button', { name: 'Revert' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(snackbar(page, 'Reverted: version 6 is version 1 again.')).toBeVisible();
  // The purged column is gone for good: the reverted screen has its field again, empty.
  expect(await storedNotes(page)).toBeNull();
});
