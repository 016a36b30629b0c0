import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

test('the Orders list shows payment statuses as badges with human labels', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/orders');
  const badges = page.locator('tbody [data-badge]');
  await expect(badges.filter({ hasText: 'Partially Refunded' }).first()).toHaveAttribute('data-tone', 'warning');
  await expect(badges.filter({ hasText: /^Void$/ }).first()).toHaveAttribute('data-tone', 'neutral');
  await expect(badges.filter({ hasText: /^Paid$/ }).first()).toHaveAttribute('data-tone', 'success');
  await expect(page.locator('tbody')).not.toContainText('partially_refunded');
  await expect(page.locator('tbody')).not.toContainText('order_void');
});

test('at 1366 px the Vendors row menu is fully on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/vendors');
  const trigger = page.locator('tbody tr').first().getByRole('button', { name: 'Options' });
  await trigger.click();
  const edit = page.getByRole('menuitem', { name: 'Edit' });
  await expect(edit).toBeVisible();
  for (const box of [await trigger.boundingBox(), await page.getByRole('menu').boundingBox()]) {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1366);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1366);
});

test('a forbidden address shows the Not Allowed page; an unknown one still shows Not Found', async ({ page }) => {
  await signIn(page, 'cashier');
  for (const path of ['/dashboard/users', '/dashboard/settings', '/dashboard/users/edit/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Not Allowed' })).toBeVisible();
    await expect(page.getByText('You are not allowed to see this page.')).toBeVisible();
  }
  await page.goto('/dashboard/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('the Products list finds a word inside a name', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/products');
  await page.getByRole('searchbox', { name: 'Search' }).fill('candle');
  await expect(page.getByRole('cell', { name: 'Beeswax Candles' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Brass Candle Holder' })).toBeVisible();
  await expect(page.locator('tbody [data-badge]').first()).toHaveText('Available');
});
