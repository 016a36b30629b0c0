import { expect, test } from '@playwright/test';
import { signIn } from './signIn';
import { api, rows, search } from './crudHelpers';

const BROAD = 'More than 2,000 entries match this search, too many to sort: the newest are shown first. Narrow the search to sort them.';

test('a search matching more entries than a page sorts shows them newest first, says so, and sorts again once narrowed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const prefix = `Broad ${Date.now()}`;
  const name = (index: number) => `${prefix} ${String(index).padStart(4, '0')}`;
  // 2,001 expenses (one-off purchases), one more than a searched list sorts, 40 requests at a time. Expenses
  // are no other form's options, so the rest of the suite never meets them.
  for (let start = 1; start <= 2001; start += 40) {
    const batch = Array.from({ length: Math.min(40, 2002 - start) }, (_, offset) => start + offset);
    await Promise.all(batch.map((index) => api(page, 'POST', '/crud/ns.expenses', { name: name(index), general: { category_id: 5, value: 1 } })));
  }

  await page.goto('/dashboard/expenses');
  await search(page, prefix);
  const note = page.getByRole('note').filter({ hasText: 'entries match this search' });
  await expect(note).toHaveText(BROAD);
  await expect(rows(page).first()).toContainText(name(2001));

  // Sorting by name keeps the newest first while the search stays this broad.
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(note).toBeVisible();
  await expect(rows(page).first()).toContainText(name(2001));

  // 100 matches ('… 1900' to '… 1999'): sorted as asked, and the note is gone.
  await search(page, `${prefix} 19`);
  await expect(note).toHaveCount(0);
  await expect(rows(page).first()).toContainText(name(1900));
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows(page).first()).toContainText(name(1999));
});
