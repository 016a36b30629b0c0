import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

test('an unknown path shows the Not Found page inside the shell', async ({ page }) => {
  await signIn(page, 'cashier');
  await page.goto('/dashboard/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('Hello, cashier')).toBeVisible();
});

test('the sidebar starts hidden on a md screen and the header toggle shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page, 'customer');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('the dashboard names the store and the role, with a card per screen the role may open', async ({ page }) => {
  await signIn(page, 'storeadmin');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Loading…');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Store Administrator');
  await page
    .getByRole('main')
    .getByRole('link', { name: /General/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test('signing in after being sent away returns to the page first asked for', async ({ page }) => {
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill('manager');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
});
