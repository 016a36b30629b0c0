import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { openOrder } from './orders';
import { LICENCE_LINES } from '../fixtures/licence';

const LICENCE = LICENCE_LINES.join('\n');

test('a cashier sells by check: check number, licence scan, confirm; the order shows the check number', async ({ page }) => {
  await signIn(page, 'cashier');
  await page.getByRole('link', { name: 'POS', exact: true }).click();
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill('100000000062');
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Quantity of Silk Scarf' })).toHaveText('1');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('button', { name: 'Add Payment' }).click();
  const popup = page.getByRole('dialog', { name: 'Check Payment' });
  await popup.getByLabel('Check Number').fill('5521');
  // The scanner types fast; the popup reads the text once typing goes idle.
  await popup.getByLabel('Licence Scan').pressSequentially(LICENCE, { delay: 0 });
  await expect(popup.getByLabel('Full Name')).toHaveValue('JANE MONTGOMERY');
  await expect(popup.getByLabel('Address')).toHaveValue('2570 24TH STREET, SACRAMENTO, CA 95818');
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Payments' })).toContainText('Check #5521');

  const placed = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const answer = (await (await placed).json()) as { data: { order: { code: string; payment_status: string } } };
  expect(answer.data.order.payment_status).toBe('paid');

  const order = await openOrder(page, answer.data.order.code);
  await order.getByRole('tab', { name: 'Payments' }).click();
  const id = order.getByRole('region', { name: 'ID Information' });
  await expect(id).toContainText('Check Number5521');
  await expect(id).toContainText('License NumberD1234567');
});
