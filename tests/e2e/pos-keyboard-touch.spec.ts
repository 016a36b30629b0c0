import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const SEARCH = { name: 'Search products or scan a barcode' } as const;

async function openTill(page: Page) {
  await signIn(page, 'cashier');
  await page.goto('/dashboard/pos');
  await expect(page.getByRole('searchbox', SEARCH)).toBeFocused();
}

/**
 * A barcode scanner: the code's keys and Enter as one burst at the focused element. Sent from inside the page:
 * typed through the test driver, a busy machine can stretch the gaps past a scanner's and split the burst.
 */
async function scan(page: Page, code: string) {
  await page.evaluate(
    (keys) => {
      const target = document.activeElement ?? document.body;
      for (const key of keys) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    },
    [...code, 'Enter'],
  );
}

test('a whole sale with the keyboard alone: scan, quantity, discount, Pay, exact cash, new sale', async ({ page }) => {
  await openTill(page);
  const search = page.getByRole('searchbox', SEARCH);

  // A search typed at a person's pace; a scan in the middle of it goes to the cart, not into the box.
  await page.keyboard.type('Bees', { delay: 120 });
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText('Beeswax Candles');
  await scan(page, '100000000031');
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('1');
  await expect(search).toHaveValue('Bees');

  // F2: quantity of the line just scanned, typed on the popup's numpad; focus comes back to the search box.
  await page.keyboard.press('F2');
  const quantity = page.getByRole('dialog', { name: 'Define Quantity' });
  await expect(quantity).toBeVisible();
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('2');
  await expect(quantity).toHaveCount(0);
  await expect(search).toBeFocused();

  // F3: a 10 % discount (the popup opens on Percentage): 2 × 22.00 − 10 % = 39.60.
  await page.keyboard.press('F3');
  const discount = page.getByRole('dialog', { name: 'Product Discount' });
  await expect(discount.getByRole('button', { name: 'Percentage' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('1');
  await page.keyboard.press('0');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('line-total').first()).toHaveText('$39.60');
  await expect(search).toBeFocused();

  // ↓ and Enter add the highlighted result of the search still in the box: + 6.75 = 46.35.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Quantity of Beeswax Candles' })).toHaveText('1');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('cart-total')).toHaveText('$46.35');

  // F9: Pay. Cash is ready; typed digits reach the payment numpad; F7 pays the exact amount.
  await page.keyboard.press('F9');
  await expect(page.getByLabel('Payment amount')).toHaveText('46.35');
  await page.keyboard.type('12', { delay: 120 });
  await expect(page.getByLabel('Payment amount')).toHaveText('0.12');
  await page.keyboard.press('F7');
  await expect(page.getByRole('list', { name: 'Payments' })).toContainText('$46.35');
  await expect(page.getByTestId('pay-paid')).toHaveText('$46.35');

  // F9 again: Checkout. The sale complete screen, with the search box ready for the next scan.
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/nexopos/v4/orders') && response.request().method() === 'POST');
  await page.keyboard.press('F9');
  const order = ((await (await placed).json()) as { data: { order: { code: string; payment_status: string; total: number } } }).data.order;
  expect(order).toMatchObject({ payment_status: 'paid', total: 46.35 });
  const complete = page.getByRole('region', { name: 'Sale complete' });
  await expect(complete.getByTestId('complete-code')).toHaveText(order.code);
  await expect(complete.getByTestId('complete-change')).toHaveText('$0.00');
  await expect(search).toBeFocused();

  // Enter: new sale.
  await page.keyboard.press('Enter');
  await expect(complete).toHaveCount(0);
  await expect(page.getByText('The cart is empty.')).toBeVisible();
  await expect(search).toBeFocused();

  // The next scan is not lost.
  await scan(page, '100000000062');
  await expect(page.getByRole('button', { name: 'Quantity of Silk Scarf' })).toHaveText('1');
});

test('a whole sale by touch: category grid, line buttons, Clear asks, card total with its fee, quick cash, new sale', async ({ page }) => {
  await openTill(page);

  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Crafts' }).click();
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('button', { name: /Hand-Thrown Mug/ })
    .click();
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('1');

  // Clear asks first; No keeps the cart.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear Cart' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toBeVisible();

  await page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' }).click();
  const quantity = page.getByRole('dialog', { name: 'Define Quantity' });
  for (const key of ['2', 'Enter']) await quantity.getByRole('button', { name: key, exact: true }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('$44.00');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  // Card: what the card will be charged, fee included (3 % of 44.00 = 1.32, + 0.30), before it is charged.
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: 'Card' }).click();
  await expect(page.getByTestId('card-fee-preview')).toHaveText('$1.62');
  await expect(page.getByTestId('card-total-preview')).toHaveText('$45.62');

  // Cash: the next round notes above 44.00; 50.00 hands back a large 6.00.
  await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: 'Cash' }).click();
  const quick = page.getByRole('group', { name: 'Quick cash' });
  await expect(quick.getByRole('button')).toHaveText(['Exact $44.00', '$45.00', '$50.00', '$60.00']);
  await quick.getByRole('button', { name: '$50.00' }).click();
  await expect(page.getByTestId('pay-change')).toHaveText('$6.00');

  await page.getByRole('button', { name: 'Checkout' }).click();
  const complete = page.getByRole('region', { name: 'Sale complete' });
  await expect(complete.getByTestId('complete-change')).toHaveText('$6.00');
  await expect(complete.getByTestId('complete-total')).toHaveText('$44.00');
  await expect(page.getByRole('searchbox', SEARCH)).toBeFocused();

  await complete.getByRole('button', { name: 'New Sale' }).click();
  await expect(complete).toHaveCount(0);
  await expect(page.getByText('The cart is empty.')).toBeVisible();
  await expect(page.getByRole('searchbox', SEARCH)).toBeFocused();
});
