import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
const NOT_REGISTERED = (name: string) =>
  `Unable to load the component "${name}". Make sure the component is registered to the extra components registry.`;

/** Calls the API with the page's session, failing the test on an error answer. */
async function api(page: Page, method: 'POST' | 'GET', path: string, data?: unknown): Promise<any> {
  const response = await page.request.fetch(`${API}${path}`, { method, headers: HEADERS, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Makes product categories named `${prefix} 01…NN` and answers their ids. */
async function makeCategories(page: Page, prefix: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 1; index <= count; index++) {
    const answer = await api(page, 'POST', '/crud/ns.products-categories', {
      name: `${prefix} ${String(index).padStart(2, '0')}`,
      general: { description: `Made by the e2e suite (${index})` },
    });
    ids.push(Number(answer.data.entry.id));
  }
  return ids;
}

const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

test.describe('the CRUD list', () => {
  test('searches, sorts, pages and changes the page size', async ({ page }) => {
    await signIn(page, 'admin');
    const prefix = `Search ${Date.now()}`;
    await makeCategories(page, prefix, 12);
    await page.goto('/dashboard/products/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Categories' })).toBeVisible();

    await search(page, prefix);
    await expect(rows(page)).toHaveCount(12);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await expect(rows(page)).toHaveCount(10);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2']);
    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('all');
    await expect(rows(page)).toHaveCount(12);

    // Sort cycles none → asc → desc → none on one column.
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows(page).first()).toContainText(`${prefix} 01`);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first()).toContainText(`${prefix} 12`);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).not.toHaveAttribute('aria-sort', /.+/);

    await search(page, `${prefix} nothing like this`);
    await expect(page.getByText('There Is Nothing To Display...')).toBeVisible();
  });

  test('filters through the Search Filters popup', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/products');
    await expect(rows(page).first()).toBeVisible();
    const all = await rows(page).count();

    await page.getByRole('button', { name: 'Filters' }).click();
    const popup = page.getByRole('dialog', { name: 'Search Filters' });
    await popup.getByLabel('Category').selectOption({ label: 'Antiques' });
    await popup.getByRole('button', { name: 'Use Filters' }).click();
    await expect(popup).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
    for (const text of await rows(page).allTextContents()) expect(text).toContain('Antiques');

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Search Filters' }).getByRole('button', { name: 'Clear Filters' }).click();
    await expect(rows(page)).toHaveCount(all);
  });

  test('bulk-deletes the selection after its confirm, keeping the selection across refresh', async ({ page }) => {
    await signIn(page, 'admin');
    const prefix = `Bulk ${Date.now()}`;
    await makeCategories(page, prefix, 3);
    await page.goto('/dashboard/products/categories');
    await search(page, prefix);
    await expect(rows(page)).toHaveCount(3);

    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(snackbar(page, 'No action has been selected.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Bulk Actions' }).selectOption({ label: 'Delete Selected Entries' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(snackbar(page, 'No selection has been made.')).toBeVisible();

    await rows(page).nth(0).getByRole('checkbox').check();
    await rows(page).nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(rows(page).nth(0).getByRole('checkbox')).toBeChecked();
    await expect(rows(page).nth(1).getByRole('checkbox')).toBeChecked();

    await page.getByRole('button', { name: 'Apply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Would you like to delete selected entries ?' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(snackbar(page, 'The operation was successful: 2 deleted, 0 failed.')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole('checkbox')).not.toBeChecked();
  });

  test('select-all, one options menu at a time, and a row delete with its confirm', async ({ page }) => {
    await signIn(page, 'admin');
    const prefix = `Row ${Date.now()}`;
    await makeCategories(page, prefix, 2);
    await page.goto('/dashboard/products/categories');
    await search(page, prefix);
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(rows(page).getByRole('checkbox')).toHaveCount(2);
    for (const box of await rows(page).getByRole('checkbox').all()) await expect(box).toBeChecked();
    await page.getByRole('checkbox', { name: 'Select all' }).uncheck();

    await rows(page).nth(0).getByRole('button', { name: 'Options' }).click();
    await expect(page.getByRole('menu')).toHaveCount(1);
    await rows(page).nth(1).getByRole('button', { name: 'Options' }).click();
    await expect(page.getByRole('menu')).toHaveCount(1);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Would you like to delete this ?' });
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(rows(page)).toHaveCount(2);

    await rows(page).nth(1).getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Would you like to delete this ?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(snackbar(page, 'Successfully Deleted')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
  });

  test('downloads the matching rows as CSV', async ({ page }) => {
    await signIn(page, 'admin');
    const prefix = `Export ${Date.now()}`;
    await makeCategories(page, prefix, 3);
    await page.goto('/dashboard/products/categories');
    await search(page, prefix);
    await expect(rows(page)).toHaveCount(3);

    const download = page.waitForEvent('download', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await (await download).path();
    const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,Description,Created At');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((line) => line.startsWith(`${prefix} 0`))).toBe(true);

    // With a selection, only the selected rows are exported.
    await rows(page).first().getByRole('checkbox').check();
    const selected = page.waitForEvent('download', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Download' }).click();
    expect(fs.readFileSync(await (await selected).path(), 'utf8').trim().split(/\r?\n/)).toHaveLength(2);
  });

  test('a POPUP row action names its component, or the spec message when it is not registered', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/orders');
    await rows(page).first().getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Options' }).click();
    await expect(page.getByRole('dialog').or(snackbar(page, NOT_REGISTERED('ns-orders-preview-popup')))).toBeVisible();
  });
});

test.describe('the CRUD form', () => {
  test('creates a customer through client and server errors, then edits it', async ({ page }) => {
    await signIn(page, 'admin');
    const email = `e2e.${Date.now()}@example.com`;
    await page.goto('/dashboard/customers');
    await page.getByRole('link', { name: 'Create Customer' }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers\/create$/);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'No error message provided for having an invalid form.')).toBeVisible();
    await expect(page.locator('#field-first_name-errors')).toHaveText('This field is required.');

    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#field-general-email-errors')).toHaveText('This field must contain a valid email address.');
    await expect(page.locator('#field-first_name-errors')).toHaveCount(0);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('5551234567');
    await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 123-4567');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/customers$/);

    // The same email again: the server refuses it and its message lands under the field.
    await page.goto('/dashboard/customers/create');
    await page.getByLabel('First Name').fill('Robin Again');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#field-general-email-errors')).toHaveText('This value is already in use.');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('First Name')).toHaveValue('Robin Again');
    // Editing the field hides its server error until the next save.
    await page.getByLabel('Email').fill(`other.${email}`);
    await expect(page.locator('#field-general-email-errors')).toHaveCount(0);

    // Edit: the fields stay locked until Edit is pressed.
    await page.goto('/dashboard/customers');
    await search(page, 'Robin');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers\/edit\/\d+$/);
    await expect(page.getByLabel('First Name')).toHaveValue('Robin');
    await expect(page.getByLabel('First Name')).toBeDisabled();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Last Name').fill('Quill');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Last Name')).toHaveValue('Quill');
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers$/);
  });

  test('creates a product with unit quantities and reads them back when editing', async ({ page }) => {
    await signIn(page, 'admin');
    const name = `E2E Lamp ${Date.now()}`;
    await page.goto('/dashboard/products/create');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption({ label: 'Crafts' });
    await page.getByRole('tab', { name: 'Units & Quantities' }).click();
    await page.getByRole('button', { name: 'Add Unit' }).click();
    await page.getByRole('button', { name: 'Add Unit' }).click();
    const unitRows = page.getByRole('group', { name: 'Units & Quantities' }).locator('tbody tr');
    await expect(unitRows).toHaveCount(2);
    await unitRows.nth(0).getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Piece' });
    await unitRows.nth(0).getByRole('textbox', { name: 'Sale Price' }).fill('12.5');
    await unitRows.nth(0).getByRole('textbox', { name: 'Quantity' }).fill('7');
    await unitRows.nth(1).getByRole('button', { name: 'Remove' }).click();
    await expect(unitRows).toHaveCount(1);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/products$/);

    await search(page, name);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('tab', { name: 'Units & Quantities' }).click();
    await expect(unitRows).toHaveCount(1);
    await expect(unitRows.first().getByRole('combobox', { name: 'Unit' })).toHaveValue(/\d+/);
    await expect(unitRows.first().getByRole('combobox', { name: 'Unit' }).locator('option:checked')).toHaveText('Piece');
    await expect(unitRows.first().getByRole('textbox', { name: 'Sale Price' })).toHaveValue('12.5');
    await expect(unitRows.first().getByRole('textbox', { name: 'Quantity' })).toHaveValue('7');
  });

  test('a product form opened before a sale cannot undo it: the save is refused with the current quantity', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'admin');
    const name = `E2E Vase ${Date.now()}`;
    await page.goto('/dashboard/products/create');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption({ label: 'Crafts' });
    await page.getByRole('tab', { name: 'Units & Quantities' }).click();
    await page.getByRole('button', { name: 'Add Unit' }).click();
    const unitRows = page.getByRole('group', { name: 'Units & Quantities' }).locator('tbody tr');
    await unitRows.nth(0).getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Piece' });
    await unitRows.nth(0).getByRole('textbox', { name: 'Sale Price' }).fill('12.5');
    await unitRows.nth(0).getByRole('textbox', { name: 'Quantity' }).fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/products$/);

    // The form is opened on 7 ...
    await search(page, name);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('tab', { name: 'Units & Quantities' }).click();
    const quantity = unitRows.first().getByRole('textbox', { name: 'Quantity' });
    await expect(quantity).toHaveValue('7');

    // ... while the till sells two.
    const found = await api(page, 'GET', `/pos/products?search=${encodeURIComponent(name)}`);
    const unit = found[0].units[0];
    await api(page, 'POST', '/orders', {
      products: [{ product_type: 'product', product_id: found[0].id, unit_id: unit.unit_id, quantity: 2 }],
      payments: [{ identifier: 'cash-payment', value: 25 }],
    });

    // Saving 10 over the 7 read would undo the sale: refused, and the stock stays 5.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await quantity.fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'The quantity changed to 5 while you edited it. Check it and save again.')).toBeVisible();
    const after = await api(page, 'GET', `/pos/products?search=${encodeURIComponent(name)}`);
    expect(after[0].units[0].quantity).toBe(5);
  });

  test('applies the expense field rules live: hide and clear, require', async ({ page }) => {
    await signIn(page, 'manager');
    await page.goto('/dashboard/expenses/create');
    const category = page.getByLabel('Category');
    await page.getByLabel('Late Fee').selectOption({ label: 'Yes' });

    // Category 5 hides and clears recurring, occurrence, occurrence value and late fee.
    await category.selectOption({ label: 'One-off Purchase' });
    for (const label of ['Recurring', 'Occurrence', 'Occurrence Value', 'Late Fee']) await expect(page.getByLabel(label, { exact: true })).toHaveCount(0);
    // Category 7 hides only the late fee, which comes back empty.
    await category.selectOption({ label: 'Payroll' });
    await expect(page.getByLabel('Recurring')).toBeVisible();
    await expect(page.getByLabel('Late Fee')).toHaveCount(0);
    // Category 4 requires recurring and late fee.
    await category.selectOption({ label: 'Recurring Rent' });
    await expect(page.getByLabel('Late Fee')).toHaveValue('');
    await page.getByLabel('Name').fill('Booth rent');
    await page.getByLabel('Value', { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#field-general-recurring-errors')).toHaveText('This field is required.');
    await expect(page.locator('#field-general-is_late_fee-errors')).toHaveText('This field is required.');
    await page.getByLabel('Recurring').selectOption({ label: 'No' });
    await page.getByLabel('Late Fee').selectOption({ label: 'No' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/expenses$/);
  });
});
