import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

test("an integrator's field type from extensions/fields/: a vendor rates an item's condition with stars and the list shows them", async ({ page }) => {
  const name = `Rated Lamp ${Date.now()}`;
  await signIn(page, 'vendor');
  await page.goto('/dashboard/my-items/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price').fill('12');
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('button', { name: '4 of 5 stars' }).click();
  await expect(page.getByRole('button', { name: '4 of 5 stars' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-items$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('★★★★☆');
});
