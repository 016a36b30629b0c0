import { expect, type Page } from '@playwright/test';

/** Every demo user's password (server/db/seed.ts). */
export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, username: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
}
