import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { snackbar } from './crudHelpers';

test('a manager defines a 10 % coupon in the back office and applies it at the till: a wrong code is refused, the total drops, a held order comes back with it', async ({
  page,
}) => {
  await signIn(page, 'manager');
  await page.goto('/dashboard/coupons/create');
  await page.getByLabel('Code').fill('e2e10');
  await page.getByLabel('Type').selectOption({ label: 'Percentage' });
  await page.getByLabel('Value').fill('10');
  await page.getByLabel('Applies To').selectOption({ label: 'The cart' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/coupons$/);
  await expect(page.getByRole('cell', { name: 'E2E10' })).toBeVisible();

  await page.getByRole('link', { name: 'POS', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill('Hand-Thrown');
  await page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: /Hand-Thrown Mug/ })
    .click();
  await expect(page.getByTestId('cart-total')).toHaveText('$22.00');

  await page.getByRole('button', { name: 'Coupon', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Coupon' });
  await popup.getByLabel('Coupon Code').fill('NOPE');
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup.getByRole('alert')).toHaveText('This coupon code does not exist.');
  await popup.getByLabel('Coupon Code').fill('e2e10');
  await popup.getByRole('button', { name: 'Apply' }).click();
  await expect(popup).toBeHidden();
  // 10 % of 22.00 is 2.20: 19.80 to pay.
  await expect(page.getByTestId('cart-coupons')).toHaveText('$2.20');
  await expect(page.getByTestId('cart-total')).toHaveText('$19.80');
  await expect(page.getByRole('button', { name: 'Remove coupon E2E10' })).toBeVisible();

  // Parked and resumed, the cart comes back with its coupon (checked again by the server).
  const held = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Hold', exact: true }).click();
  const answer = (await (await held).json()) as { data: { order: { code: string } } };
  await expect(page.getByRole('button', { name: 'Remove coupon E2E10' })).toBeHidden();
  await page.getByRole('button', { name: 'Held Orders' }).click();
  await page
    .getByRole('dialog', { name: 'Held Orders' })
    .getByRole('button', { name: new RegExp(answer.data.order.code) })
    .click();
  await expect(page.getByRole('button', { name: 'Remove coupon E2E10' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('$19.80');
});
