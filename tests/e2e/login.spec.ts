import { expect, test } from '@playwright/test';
import { placeOrder, productUnit } from './orders';
import { signIn } from './signIn';

const DEMO_USERS = [
  { username: 'admin', seesSettings: true },
  { username: 'storeadmin', seesSettings: true },
  { username: 'manager', seesSettings: false },
  { username: 'cashier', seesSettings: false },
  { username: 'vendor', seesSettings: false },
  { username: 'customer', seesSettings: false },
] as const;

test.describe('signing in', () => {
  for (const { username, seesSettings } of DEMO_USERS) {
    test(`${username} signs in and sees its own menu`, async ({ page }) => {
      await signIn(page, username);
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      if (seesSettings) {
        await expect(menu.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
        await expect(menu.getByRole('link', { name: 'General' })).toBeVisible();
      } else {
        await expect(menu.getByRole('button', { name: 'Settings' })).toHaveCount(0);
        await expect(menu.getByRole('link', { name: 'General' })).toHaveCount(0);
      }
    });
  }

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('cashier');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signing out returns to the login page', async ({ page }) => {
    await signIn(page, 'manager');
    await page.getByRole('button', { name: 'Hello, manager' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // The session is gone on the server too: the dashboard sends us back.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a visitor without a session is sent to the login page', async ({ page }) => {
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the address the server prints opens the app: sign-in without a session, the dashboard with one', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await signIn(page, 'cashier');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Hello, cashier')).toBeVisible();
  });
});

test.describe('settings', () => {
  test('an administrator renames the store and the dashboard shows the new name after reload', async ({ page }) => {
    const storeName = `Riverside Vendor Mall ${Date.now()}`;
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'General' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const nameField = page.getByLabel('Store Name');
    await expect(nameField).not.toHaveValue('');
    await nameField.fill(storeName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Successfully Saved' })).toBeVisible();

    await page.goto('/dashboard');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  });

  test('a bad value shows the server error under its field', async ({ page }) => {
    await signIn(page, 'storeadmin');
    await page.goto('/dashboard/settings');
    await page.getByLabel('Currency ISO').fill('usd');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Currency ISO')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#field-ns_currency_iso-errors')).not.toBeEmpty();
  });
});

test.describe('store time zone', () => {
  const API = '/api/nexopos/v4';
  const XHR = { 'x-requested-with': 'XMLHttpRequest' };
  /** The calendar day in a zone, as YYMMDD (the order code's prefix). */
  const dayIn = (zone: string, at: Date) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: '2-digit', month: '2-digit', day: '2-digit' }).formatToParts(at);
    const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
    return `${part('year')}${part('month')}${part('day')}`;
  };

  test("an administrator sets the time zone; a name the platform does not know is refused; order codes follow the store's day", async ({ page }) => {
    await signIn(page, 'admin');
    const before = (await (await page.request.get(`${API}/options`, { headers: XHR })).json()).ns_store_timezone as string;
    try {
      await page.goto('/dashboard/settings');
      const zone = page.getByLabel('Time Zone');
      await zone.fill('Mars/Olympus_Mons');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('#field-ns_store_timezone-errors')).toHaveText('This field must be a time zone name such as America/Chicago.');

      // UTC−11 and UTC+14 are always on different calendar days: each order's code carries its store's day.
      const mug = await productUnit(page, 'Hand-Thrown Mug');
      for (const name of ['Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
        await zone.fill(name);
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Successfully Saved' }).first()).toBeVisible();
        const order = await placeOrder(page, {
          products: [{ product_type: 'product', product_id: mug.product_id, unit_id: mug.unit_id, quantity: 1 }],
          payments: [{ identifier: 'cash-payment', value: 22 }],
        });
        expect(order.code.slice(0, 6)).toBe(dayIn(name, new Date()));
      }
    } finally {
      const restored = await page.request.post(`${API}/options`, { headers: XHR, data: { ns_store_timezone: before } });
      expect(restored.status()).toBe(200);
    }
  });
});

test.describe('profile', () => {
  test('a wrong current password is shown under its field', async ({ page }) => {
    await signIn(page, 'vendor');
    await page.getByRole('button', { name: 'Hello, vendor' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await page.getByLabel('Current Password').fill('not-the-password');
    await page.getByLabel('New Password').fill('another-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#field-current_password-errors')).toHaveText('The current password is wrong.');
  });

  test('a user changes the password, then changes it back', async ({ page, browser }) => {
    await signIn(page, 'customer');
    await page.goto('/dashboard/profile');
    for (const [current, next] of [
      ['demo1234', 'a-new-password'],
      ['a-new-password', 'demo1234'],
    ] as const) {
      await page.getByLabel('Current Password').fill(current);
      await page.getByLabel('New Password').fill(next);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel('Current Password')).toHaveValue('');
      await expect(page.getByRole('status').filter({ hasText: 'The password has been changed.' }).first()).toBeVisible();
    }
    // The demo password works again, in a fresh browser.
    const context = await browser.newContext();
    await signIn(await context.newPage(), 'customer');
    await context.close();
  });
});
