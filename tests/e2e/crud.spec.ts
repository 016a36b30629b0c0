import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { NOT_REGISTERED, makeCategories, rows, search, snackbar } from './crudHelpers';

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
    expect(
      fs
        .readFileSync(await (await selected).path(), 'utf8')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(2);
  });

  test('a POPUP row action names its component, or the spec message when it is not registered', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/orders');
    await rows(page).first().getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Options' }).click();
    await expect(page.getByRole('dialog').or(snackbar(page, NOT_REGISTERED('ns-orders-preview-popup')))).toBeVisible();
  });
});
