import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { rows, snackbar } from './crudHelpers';
import { signIn } from './signIn';

interface FieldSpec {
  label: string;
  type?: string;
  required?: boolean;
  unique?: boolean;
  min?: string;
  options?: [string, string][];
  inList?: boolean;
}

/** Adds a field at the end of the editor's list and fills it in. */
async function addField(page: Page, index: number, spec: FieldSpec) {
  await page.getByRole('button', { name: 'Add field' }).click();
  const card = page.getByRole('region', { name: `Field ${index}` });
  await card.getByLabel('Label', { exact: true }).fill(spec.label);
  if (spec.type) await card.getByLabel('Type').selectOption(spec.type);
  if (spec.required) await card.getByLabel('Required').check();
  if (spec.unique) await card.getByLabel('Unique').check();
  if (spec.min) await card.getByLabel('Minimum').fill(spec.min);
  if (spec.inList === false) await card.getByLabel('Show in list').uncheck();
  for (const [at, [label, value]] of (spec.options ?? []).entries()) {
    await card.getByRole('button', { name: 'Add option' }).click();
    await card.getByLabel(`Option ${at + 1} label`).fill(label);
    await card.getByLabel(`Option ${at + 1} value`).fill(value);
  }
}

/** Saves from the editor through the save check popup. */
async function saveScreen(page: Page, expected: string, version: number) {
  await page.getByRole('button', { name: 'Save screen' }).click();
  const check = page.getByRole('dialog', { name: 'Save this screen?' });
  await expect(check).toContainText(expected);
  await check.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, `Screen saved (version ${version}).`)).toBeVisible();
}

test('an administrator builds Consignment Intake in the browser; a manager sees a new field without a restart', async ({ page, browser }) => {
  // Some sixty steps in two browsers: 15 s alone, 25–27 s beside the other half of the suite, near the default 30 s.
  test.setTimeout(60_000);
  await signIn(page, 'admin');
  await page.goto('/dashboard/screens');
  await expect(page.getByRole('heading', { level: 1, name: 'Screen Builder' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();

  await page.getByLabel('Title', { exact: true }).fill('Consignment Intake');
  await expect(page.getByLabel('Namespace')).toHaveValue('ns.consignment-intake');
  await addField(page, 1, { label: 'Name', required: true });
  await addField(page, 2, { label: 'Phone', type: 'phone' });
  await addField(page, 3, { label: 'Intake date', type: 'date' });
  await addField(page, 4, {
    label: 'Condition',
    type: 'select',
    options: [
      ['Like new', 'like_new'],
      ['Worn', 'worn'],
    ],
  });
  await addField(page, 5, { label: 'Asking price', type: 'number', min: '1' });
  await addField(page, 6, { label: 'Receipt', type: 'document', inList: false });
  await addField(page, 7, { label: 'Intake number', unique: true });
  await page.getByLabel('Manager may read').check();

  // The live preview is drawn by the CRUD pages from the server's answer.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('group', { name: 'List preview' }).getByRole('columnheader', { name: 'Asking price' })).toBeVisible();
  await expect(preview.getByRole('group', { name: 'Form preview' }).getByLabel('Intake number')).toBeVisible();

  await saveScreen(page, 'A new screen and its table will be created.', 1);
  await expect(page).toHaveURL(/\/dashboard\/screens\/edit\/ns\.consignment-intake$/);

  // Served at once, from the menu.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Consignment Intake' }).click();
  // The editor (whose preview shows the same list heading) must be gone first: the list page loads lazily.
  await expect(page).toHaveURL(/\/dashboard\/consignment-intake$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Consignment Intake', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Add Consignment Intake' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Oak dresser');
  await page.getByLabel('Phone').fill('5551234567');
  await page.getByLabel('Intake date').fill('2026-11-20');
  await page.getByLabel('Condition').selectOption({ label: 'Worn' });
  await page.getByLabel('Asking price').fill('120');
  await page.getByLabel('Intake number').fill('CI-0001');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/consignment-intake$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Oak dresser');

  // The unique index answers on the field.
  await page.getByRole('link', { name: 'Add Consignment Intake' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Pine chair');
  await page.getByLabel('Intake number').fill('CI-0001');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is already in use.')).toBeVisible();
  await expect(page.getByLabel('Intake number')).toHaveAttribute('aria-invalid', 'true');

  // A manager, allowed to read by the grid, has the list open in another browser.
  const other = await browser.newContext();
  const manager = await other.newPage();
  await signIn(manager, 'manager');
  await manager.goto('/dashboard/consignment-intake');
  await expect(rows(manager)).toHaveCount(1);
  await expect(manager.getByRole('columnheader', { name: 'Notes' })).toHaveCount(0);

  await page.goto('/dashboard/screens/edit/ns.consignment-intake');
  await addField(page, 8, { label: 'Notes' });
  await saveScreen(page, 'notes', 2);

  await manager.reload();
  await expect(manager.getByRole('columnheader', { name: 'Notes' })).toBeVisible();
  await other.close();

  // Export: the declaration as a file of the schemas/crud shape.
  await page.goto('/dashboard/screens');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Consignment Intake' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('consignment-intake.json');
  const declaration = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(declaration.namespace).toBe('ns.consignment-intake');
  expect(declaration.unique).toEqual(['intake_number']);
  expect(declaration.form.tabs.general.fields.map((field: { name: string }) => field.name)).toEqual([
    'name',
    'phone',
    'intake_date',
    'condition',
    'asking_price',
    'receipt',
    'intake_number',
    'notes',
  ]);
  expect(declaration.access.manager).toEqual({ read: {} });

  // The same file imported under other identifiers is a second screen.
  const copy = { ...declaration, namespace: 'ns.consignment-copy', slug: 'consignment-copy', table: 'consignment_copy' };
  await page
    .getByLabel('Import a screen file')
    .setInputFiles({ name: 'consignment-copy.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(copy)) });
  await expect(page).toHaveURL(/\/dashboard\/screens\/edit\/ns\.consignment-copy$/);
  await expect(page.getByLabel('Namespace')).toHaveValue('ns.consignment-copy');
});
