import { expect, type Page } from '@playwright/test';

/** What the CRUD list and form specs share: API calls with the page's session, locators, the product form's steps. */

export const API = '/api/nexopos/v4';
export const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
export const NOT_REGISTERED = (name: string) =>
  `Unable to load the component "${name}". Make sure the component is registered to the extra components registry.`;

/** Calls the API with the page's session, failing the test on an error answer. */
export async function api(page: Page, method: 'POST' | 'GET', path: string, data?: unknown): Promise<any> {
  const response = await page.request.fetch(`${API}${path}`, { method, headers: HEADERS, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Makes product categories named `${prefix} 01…NN` and answers their ids. */
export async function makeCategories(page: Page, prefix: string, count: number): Promise<number[]> {
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

export const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
export const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

export async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** The unit rows of the product form's Units & Quantities tab. */
export const unitRowsOf = (page: Page) => page.getByRole('group', { name: 'Units & Quantities' }).locator('tbody tr');

/** Opens the product create form with `name`, category Crafts, on its Units & Quantities tab. */
export async function startProduct(page: Page, name: string) {
  await page.goto('/dashboard/products/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category').selectOption({ label: 'Crafts' });
  await page.getByRole('tab', { name: 'Units & Quantities' }).click();
}

/** Fills the `index`th unit row: Piece at 12.50, 7 in stock. */
export async function fillPieceUnit(page: Page, index: number) {
  const row = unitRowsOf(page).nth(index);
  await row.getByRole('combobox', { name: 'Unit' }).selectOption({ label: 'Piece' });
  await row.getByRole('textbox', { name: 'Sale Price' }).fill('12.5');
  await row.getByRole('textbox', { name: 'Quantity' }).fill('7');
}

/** Saves the form and waits for the list it returns to. */
export async function saveProduct(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
}

/** Finds the product by name in the list and opens its edit form on the Units & Quantities tab. */
export async function editProduct(page: Page, name: string) {
  await search(page, name);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('tab', { name: 'Units & Quantities' }).click();
}
