import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { makePng } from './testFiles';

/** The calendar's day labels and the app's MM-DD-YYYY display, for a UTC day `offset` days from today. */
function day(offset: number) {
  const date = new Date();
  date.setUTCHours(12, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + offset);
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return { label: `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`, shown: `${mm}-${dd}-${date.getUTCFullYear()}` };
}

/** Clicks a day in the open range picker, moving to later months until it is shown. */
async function pickDay(page: Page, label: string) {
  const cell = page.getByRole('button', { name: label, exact: true });
  for (let month = 0; month < 3 && (await cell.count()) === 0; month += 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await cell.click();
}

const salesAlertPopup = (page: Page) => page.getByRole('dialog', { name: /^Sales Alert/ });
const rangePicker = (popup: Locator) => popup.locator('label', { hasText: 'Date Range' }).getByRole('button');

// The server looks the alert in use up for today's UTC date; the calendar works in the browser's zone.
test.use({ timezoneId: 'UTC' });

test('a vendor requests a date-range alert with an image, an administrator approves it, the vendor sees it in use', async ({ page, browser, baseURL }) => {
  const today = day(0);
  const tomorrow = day(1);
  const content = 'Everything in booth twelve is ten percent off this week';

  // The vendor requests a range alert for today and tomorrow, with a real PNG.
  await signIn(page, 'vendor');
  await page.getByRole('link', { name: 'Sales Alerts', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/sales-alerts$/);
  const inUse = page.getByRole('region', { name: 'Alert In Use' });
  await expect(inUse).toContainText('No sales alert is in use.');
  await expect(page.getByRole('region', { name: 'Pending Requests' })).toHaveCount(0);

  await inUse.getByRole('button', { name: 'Request Alert' }).click();
  let popup = salesAlertPopup(page);
  await popup.getByRole('button', { name: 'New Alert' }).click();
  await popup.getByRole('radio', { name: 'Date Range Alert' }).check();
  await popup.getByRole('textbox', { name: 'Alert' }).fill(content);
  await popup.getByRole('button', { name: 'Submit' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Please Select The Date Range');
  await rangePicker(popup).click();
  await pickDay(page, today.label);
  await pickDay(page, tomorrow.label);
  await popup.getByRole('textbox', { name: 'Note' }).click();
  await expect(rangePicker(popup)).toHaveText(`${today.shown} — ${tomorrow.shown}`);
  await popup.getByRole('textbox', { name: 'Note' }).fill('For the weekly sale');
  await popup.getByLabel('Images or video').setInputFiles({ name: 'sale.png', mimeType: 'image/png', buffer: makePng(64, 48) });
  await expect(popup.getByRole('img', { name: 'sale.png' })).toBeVisible();
  await popup.getByRole('button', { name: 'Submit' }).click();
  await expect(popup.getByText('The sales alert request has been sent.')).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('tab', { name: 'Pending Alert' })).toBeVisible();
  await popup.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(popup).toHaveCount(0);

  // The administrator reviews the pending requests of all vendors and approves it.
  const adminContext = await browser.newContext({ baseURL, timezoneId: 'UTC' });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/dashboard/sales-alerts');
  const pending = admin.getByRole('region', { name: 'Pending Requests' });
  const row = pending.getByRole('listitem').filter({ hasText: 'vendor' });
  await expect(row).toContainText(`${today.shown} — ${tomorrow.shown}`);
  await row.getByRole('button', { name: 'Review' }).click();
  const review = salesAlertPopup(admin);
  await expect(review.getByRole('tab', { name: 'Pending Alert' })).toBeVisible();
  await expect(review.getByText(content)).toBeVisible();
  await review.getByRole('textbox', { name: 'Admin Note' }).fill('Approved for the weekly sale');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByText('The sales alert request has been approved.')).toBeVisible();
  await review.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(pending).toContainText('There Is Nothing To Display...');
  await adminContext.close();

  // The vendor sees it in use today, with its image, and marked (In Use) in the history.
  await page.reload();
  await expect(inUse).toContainText(`${content} (In Use)`);
  await expect(inUse).toContainText(`${today.shown} — ${tomorrow.shown}`);
  const image = inUse.getByRole('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);

  await inUse.getByRole('button', { name: 'View Alert' }).click();
  popup = salesAlertPopup(page);
  await expect(popup.getByRole('region', { name: 'Current Alert' })).toContainText('(In Use)');
  await expect(popup.getByRole('tab')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(popup).toHaveCount(0);

  await inUse.getByRole('button', { name: 'Request Alert' }).click();
  await popup.getByRole('tab', { name: 'Alert History' }).click();
  await expect(popup.getByRole('list', { name: 'Alert History' })).toContainText('Everything in booth ...(In Use)');
  await expect(popup.getByRole('list', { name: 'Alert History' })).toContainText('Approved by admin');

  // The approved dates are blocked in the range picker: a range over them is cleared, other dates are kept.
  await popup.getByRole('tab', { name: 'New Alert' }).click();
  await popup.getByRole('button', { name: 'New Alert' }).click();
  await popup.getByRole('radio', { name: 'Date Range Alert' }).check();
  await rangePicker(popup).click();
  await pickDay(page, tomorrow.label);
  await pickDay(page, day(3).label);
  await popup.getByRole('textbox', { name: 'Alert' }).click();
  await expect(rangePicker(popup)).toHaveText('MM-DD-YYYY — MM-DD-YYYY');
  await rangePicker(popup).click();
  await pickDay(page, day(2).label);
  await pickDay(page, day(3).label);
  await popup.getByRole('textbox', { name: 'Alert' }).click();
  await expect(rangePicker(popup)).toHaveText(`${day(2).shown} — ${day(3).shown}`);
});
