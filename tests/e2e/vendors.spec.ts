import { expect, test, type Page } from '@playwright/test';
import { fromDecimal, toDecimal } from '../../schemas/money';
import { computeProrateFee, todayUtc } from '../../schemas/vendors';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

/** The users.id of a demo vendor, for its edit page. */
async function vendorUserId(page: Page, username: string): Promise<number> {
  const response = await page.request.get(`${API}/smp/vendors?filter=all&search=${username}`, { headers: HEADERS });
  expect(response.ok()).toBe(true);
  const vendors = (await response.json()) as { id: number; username: string }[];
  return vendors.find((vendor) => vendor.username === username)!.id;
}

test.describe('vendor fee terms', () => {
  test('an administrator adds a commission entry and a pro-rate fee from the vendor form', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(`/dashboard/vendors/edit/${await vendorUserId(page, 'oldbarn')}`);
    await page.getByRole('tab', { name: 'Fees' }).click();

    await page.getByRole('button', { name: 'Commission', exact: true }).click();
    const commission = page.getByRole('dialog', { name: 'Commission' });
    const timeline = commission.getByRole('list', { name: 'Fee timeline' });
    // The seeded entry starts on 1970-01-01: shown as '~'.
    await expect(timeline.getByTestId('fee-start')).toHaveText(['~']);
    await expect(timeline.getByTestId('fee-value')).toHaveText(['10 %']);

    await commission.getByRole('button', { name: 'New Entry' }).click();
    await expect(commission.getByLabel('Commission (%)')).toHaveValue('7.5');
    await commission.getByLabel('Month').fill('13');
    await commission.getByRole('button', { name: 'Save Entry' }).click();
    await expect(commission.getByRole('alert')).toHaveText('Please Input A Valid Month (1 ~ 12)');

    const nextYear = Number(todayUtc().slice(0, 4)) + 1;
    await commission.getByLabel('Month').fill('1');
    await commission.getByLabel('Day').fill('1');
    await commission.getByLabel('Year').fill(String(nextYear));
    await commission.getByLabel('Commission (%)').fill('12.5');
    await commission.getByRole('button', { name: 'Save Entry' }).click();
    await expect(snackbar(page, 'Successfully Saved')).toBeVisible();
    await expect(timeline.getByTestId('fee-start')).toHaveText([`01-01-${nextYear}`, '~']);
    await expect(timeline.getByTestId('fee-value')).toHaveText(['12.5 %', '10 %']);

    // Editing keeps a temporary value: Cancel drops it, Save stores it.
    const scheduled = timeline.getByRole('listitem').first();
    await scheduled.getByRole('button', { name: 'Edit' }).click();
    await scheduled.getByLabel('Value').fill('99');
    await scheduled.getByRole('button', { name: 'Cancel' }).click();
    await expect(timeline.getByTestId('fee-value')).toHaveText(['12.5 %', '10 %']);
    await scheduled.getByRole('button', { name: 'Edit' }).click();
    await scheduled.getByLabel('Value').fill('13');
    await scheduled.getByRole('button', { name: 'Save' }).click();
    await expect(timeline.getByTestId('fee-value')).toHaveText(['13 %', '10 %']);
    await commission.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(commission).toHaveCount(0);

    await page.getByRole('button', { name: 'Monthly Rent', exact: true }).click();
    const rent = page.getByRole('dialog', { name: 'Monthly Rent' });
    await expect(rent.getByRole('tab', { name: 'Current Values' })).toHaveAttribute('aria-selected', 'true');
    await rent.getByRole('tab', { name: 'Pro-Rate Values' }).click();
    await rent.getByRole('button', { name: 'New Pro-Rate Fee' }).click();

    const prorate = page.getByRole('dialog', { name: 'Pro-Rate Fee' });
    await prorate.getByRole('button', { name: 'Save' }).click();
    await expect(prorate.getByRole('alert')).toHaveText('Please Input Correct New Rental Price');
    await prorate.getByLabel('New Price').fill('310');
    const expected = computeProrateFee(fromDecimal(310), todayUtc(), 'rate');
    await expect(prorate.getByTestId('prorate-days')).toHaveText(String(expected.days));
    await expect(prorate.getByTestId('prorate-fee')).toHaveText(String(toDecimal(expected.prorate)));
    await prorate.getByRole('button', { name: 'Save' }).click();
    await expect(prorate).toHaveCount(0);
    const records = rent.getByRole('table', { name: 'Pro-Rate Values' });
    await expect(records.locator('tbody tr')).toHaveCount(1);
    await expect(records.locator('tbody tr').first()).toContainText(String(toDecimal(expected.prorate)));
    await rent.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(rent).toHaveCount(0);

    // The virtual fee field leaves the vendor form savable.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(snackbar(page, 'Successfully Saved').last()).toBeVisible();
  });

  test('staff pick the vendor of a statement with the debounced, filtered vendor picker', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Vendor Statement' }).click();
    await expect(page).toHaveURL(/\/dashboard\/vendor-statement$/);
    await page.getByRole('button', { name: 'Choose Vendor' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Vendor' });
    await expect(picker.getByRole('combobox', { name: 'Vendor filter' })).toHaveValue('active');
    await picker.getByRole('searchbox', { name: 'Search vendors' }).fill('closed');
    // closedstall is inactive: only All Vendors offers it.
    await expect(picker.getByText('There Is Nothing To Display...')).toBeVisible();
    await picker.getByRole('combobox', { name: 'Vendor filter' }).selectOption('all');
    await picker.getByRole('option', { name: /closedstall/ }).click();
    await expect(picker).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'closedstall (#105)' })).toBeVisible();
    await expect(page.getByText('(#105) ·')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Statement' }).getByRole('rowheader', { name: 'Monthly Rent' })).toBeVisible();
  });

  test('a vendor sees their own statement, every balance term and the balance', async ({ page }) => {
    await signIn(page, 'vendor');
    await page.goto('/dashboard/vendor-statement');
    await expect(page.getByRole('heading', { name: 'Vendor Statement' })).toBeVisible();
    await expect(page.getByText('(#101)')).toBeVisible();
    const statement = page.getByRole('table', { name: 'Statement' });
    for (const label of [
      'Sales (without tax)',
      'Commission',
      'Purchases (excluding tax)',
      'Monthly Rent',
      'Previous Month Net',
      'Fees',
      'Balance Payments',
      'Credits',
      'Balance',
    ]) {
      await expect(statement.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('statement-balance')).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Choose Vendor' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});
