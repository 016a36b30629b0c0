import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn';

/**
 * The Refund and Layaway tabs of the Order Options popup against the real server and the demo orders:
 * a paid order has one line refunded as damaged; the layaway order gets an instalment added and paid,
 * and its not-due instalment is dated today through the 'Update Instalment Date' dialog, then paid.
 */

const rows = (page: Page) => page.locator('tbody tr[data-row-id]');
const orderPopup = (page: Page) => page.getByRole('dialog', { name: 'Order Options' });

// The server compares instalment dates with today's UTC date.
test.use({ timezoneId: 'UTC' });

async function openOrder(page: Page, total: string): Promise<Locator> {
  await page.goto('/dashboard/orders');
  const row = rows(page).filter({ hasText: total }).first();
  await row.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Options' }).click();
  await expect(orderPopup(page)).toBeVisible();
  return orderPopup(page);
}

async function typeDigits(scope: Locator, digits: string) {
  for (const digit of digits) await scope.getByRole('button', { name: digit, exact: true }).click();
}

test('a paid demo order: one line refunded as damaged through the Refund tab, the receipt printed, the history shows it', async ({ page }) => {
  await signIn(page, 'admin');
  // The first paid demo order: 2 mugs, a silk scarf (19.99) and 4 candles, 90.99 in cash.
  const popup = await openOrder(page, '90.99');
  await popup.getByRole('tab', { name: 'Refund' }).click();

  await popup.getByRole('button', { name: 'Refund Silk Scarf' }).click();
  const quantity = page.getByRole('dialog', { name: 'Quantity' });
  await expect(quantity).toContainText('Available Quantity: 1');
  await quantity.getByRole('button', { name: 'Enter' }).click();

  const product = page.getByRole('dialog', { name: 'Silk Scarf' });
  await expect(product.getByLabel('Discount')).toHaveCount(0);
  await product.getByRole('button', { name: 'Add' }).click();
  await expect(product.getByText('The form is not valid.')).toBeVisible();
  await product.getByLabel('Condition').selectOption({ label: 'Damaged' });
  await product.getByRole('button', { name: 'Add' }).click();
  await expect(product).toHaveCount(0);

  const chosen = popup.getByRole('region', { name: 'Products To Refund' });
  await expect(chosen).toContainText('Silk Scarf');
  await expect(chosen).toContainText('Damaged');
  await expect(popup.getByTestId('refund-total')).toContainText('19.99');

  // The keypad refuses an amount before a gateway is chosen.
  const keypad = popup.locator('[data-numpad]');
  await typeDigits(keypad, '1999');
  await keypad.getByRole('button', { name: 'Enter' }).click();
  await expect(popup.getByText('Please select a payment gateway before proceeding.')).toBeVisible();
  // The keypad keeps the amount typed: with a gateway, Enter adds it to the payment list.
  await popup.getByLabel('Payment Gateway').selectOption({ label: 'Cash' });
  await expect(popup.getByTestId('refund-screen')).toContainText('19.99');
  await keypad.getByRole('button', { name: 'Enter' }).click();
  await expect(popup.getByRole('region', { name: 'Payment List' })).toContainText('19.99');

  await popup.getByRole('button', { name: 'Submit Refund' }).click();
  await expect(popup.getByText('Please Select Register That Refund Come From')).toBeVisible();
  await popup.getByLabel('Register').selectOption({ index: 1 });
  const receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/refund\/\d+$/);
  await popup.getByRole('button', { name: 'Submit Refund' }).click();
  await receipt;

  await popup.getByRole('tab', { name: 'Details' }).click();
  await expect(popup).toContainText(/Partially Refunded|Refunded/);
  await popup.getByRole('button', { name: 'All Refunds' }).click();
  const history = page.getByRole('dialog', { name: 'Order Refund' });
  const entry = history.getByRole('listitem').filter({ hasText: '19.99' });
  await expect(entry).toContainText('By: admin');
  await entry.getByRole('button', { name: 'Details' }).click();
  await expect(history).toContainText('Silk Scarf');
  await expect(history).toContainText('Damaged');
  await history.getByRole('button', { name: 'Go Back' }).click();
  await expect(history.getByRole('button', { name: 'Print' }).first()).toBeVisible();
});

test('the layaway order: an instalment added and paid, then the not-due one dated today and paid', async ({ page }) => {
  await signIn(page, 'admin');
  // 190.00 in two instalments of 95.00, the first paid, the second due in 30 days.
  const popup = await openOrder(page, '190.00');
  await popup.getByRole('tab', { name: 'Layaway' }).click();
  const layaway = popup.getByRole('region', { name: 'Layaway Installments' });
  await expect(layaway.getByTestId('layaway-sum')).toContainText('190.00');
  await expect(layaway.getByRole('button', { name: 'Receipt' })).toHaveCount(1);

  // Lower the unpaid instalment to 45.00 so that a new one fits.
  await layaway.getByRole('button', { name: /Instalment amount .*95\.00/ }).click();
  const amount = page.getByRole('dialog', { name: 'Instalment Amount' });
  await typeDigits(amount, '4500');
  await amount.getByRole('button', { name: 'Enter' }).click();
  await expect(layaway.getByTestId('layaway-remaining')).toContainText('50.00');
  const later = layaway.locator('tbody tr').filter({ hasText: '45.00' });
  await later.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The instalment has been updated.')).toBeVisible();

  // A new instalment: dated today, the remaining 50.00 by default.
  await layaway.getByRole('button', { name: 'Add Instalment' }).click();
  const added = layaway.locator('tbody tr').filter({ has: page.getByRole('button', { name: 'Create' }) });
  await expect(added).toContainText('50.00');
  await added.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The instalment has been created.')).toBeVisible();

  const todays = layaway.locator('tbody tr').filter({ hasText: '50.00' });
  await todays.getByRole('button', { name: 'Mark As Paid' }).click();
  const payment = page.getByRole('dialog', { name: 'Instalment Payment' });
  await payment.getByRole('button', { name: 'Proceed' }).click();
  await expect(payment.getByText('The form is not valid.').first()).toBeVisible();
  await payment.getByLabel('Payment Type').selectOption({ label: 'Cash' });
  let receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/payment\/\d+$/);
  await payment.getByRole('button', { name: 'Proceed' }).click();
  await receipt;
  await expect(todays.getByRole('button', { name: 'Receipt' })).toBeVisible();

  // The instalment due later: the server refuses it as not due, the dialog dates it today and pays it.
  await later.getByRole('button', { name: 'Mark As Paid' }).click();
  await payment.getByLabel('Payment Type').selectOption({ label: 'Cash' });
  await payment.getByRole('button', { name: 'Proceed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Instalment Date' });
  await expect(dialog).toContainText('Would you like to mark that instalment as due today ? If you confirm the instalment will be marked as paid.');
  receipt = page.waitForRequest(/\/api\/nexopos\/v4\/receipts\/payment\/\d+$/);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await receipt;
  await expect(page.getByText('The instalment has been paid.').first()).toBeVisible();
  // Paid in full: the order's status follows.
  await popup.getByRole('tab', { name: 'Details' }).click();
  await expect(popup).toContainText('Paid');
});
