import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { api, editProduct, fillPieceUnit, rows, saveProduct, search, snackbar, startProduct, unitRowsOf } from './crudHelpers';

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
    await startProduct(page, name);
    await page.getByRole('button', { name: 'Add Unit' }).click();
    await page.getByRole('button', { name: 'Add Unit' }).click();
    const unitRows = unitRowsOf(page);
    await expect(unitRows).toHaveCount(2);
    await fillPieceUnit(page, 0);
    await unitRows.nth(1).getByRole('button', { name: 'Remove' }).click();
    await expect(unitRows).toHaveCount(1);
    await saveProduct(page);

    await editProduct(page, name);
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
    await startProduct(page, name);
    await page.getByRole('button', { name: 'Add Unit' }).click();
    const unitRows = unitRowsOf(page);
    await fillPieceUnit(page, 0);
    await saveProduct(page);

    // The form is opened on 7 ...
    await editProduct(page, name);
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
