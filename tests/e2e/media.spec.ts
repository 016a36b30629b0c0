import { expect, test, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { makePdf, makePng } from './testFiles';

const API = '/api/nexopos/v4';
const snackbar = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

/**
 * Holds each upload to `path` for `delayMs` before it reaches the server, so the uploading state and
 * its percent stay on screen long enough to be seen (a local upload is otherwise instant).
 */
async function delayUploads(page: Page, path: string, delayMs: number): Promise<() => Promise<void>> {
  const pattern = `**${API}${path}`;
  await page.route(pattern, async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  return () => page.unroute(pattern);
}

/** One sign-in per user for the whole file: the server rate-limits logins (10 a minute). */
const sessions = new Map<string, Cookie[]>();

async function openWidgets(page: Page, context: BrowserContext, username: string) {
  const cookies = sessions.get(username);
  if (cookies) await context.addCookies(cookies);
  else {
    await signIn(page, username);
    sessions.set(username, await context.cookies());
  }
  await page.goto('/dashboard/widgets');
  await expect(page.getByRole('heading', { name: 'Widgets' })).toBeVisible();
}

test('a document uploads with its progress, stays listed while temporary, and deletes', async ({ page, context }) => {
  await openWidgets(page, context, 'admin');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog.getByLabel('File Name')).toBeVisible();
  await expect(dialog.getByLabel('Description (optional)')).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(snackbar(page, 'Please select file')).toBeVisible();

  await dialog.locator('input[type=file]').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: makePdf('Lease 2025', 160_000) });
  await expect(dialog.getByTestId('chosen-document')).toHaveText('lease.pdf');
  await expect(dialog.getByLabel('File Name')).toHaveValue('lease');
  await dialog.getByLabel('File Name').fill('Lease 2025');
  await dialog.getByLabel('Description (optional)').fill('Signed by both parties');

  const restore = await delayUploads(page, '/documents', 1_500);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const progress = dialog.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
  await expect(dialog.getByText(/^\d{1,3}%$/)).toBeVisible();

  await expect(snackbar(page, 'Successfully Saved The File Lease 2025')).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toBeHidden();
  await restore();
  const link = page.getByRole('link', { name: 'Lease 2025' });
  await expect(link).toBeVisible();
  await expect(page.getByText('Signed by both parties')).toBeVisible();

  // custom_id 0: remembered in local storage for an hour, listed again after a reload through POST /documents/temp.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ns-temp-documents-widgets') ?? 'null'));
  expect(stored.value.ids).toHaveLength(1);
  expect(stored.expiresAt - stored.value.since).toBe(3_600_000);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Lease 2025' })).toBeVisible();
  const download = await page.request.get(String(await page.getByRole('link', { name: 'Lease 2025' }).getAttribute('href')));
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Delete Lease 2025' }).click();
  await expect(snackbar(page, 'Successfully Deleted The File')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lease 2025' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('ns-temp-documents-widgets'))).toBeNull();
});

test('media upload one after another with progress, then picked with Use Selected', async ({ page, context }) => {
  await openWidgets(page, context, 'storeadmin');
  await page.getByRole('button', { name: 'Choose Image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Media Manager' });
  await expect(dialog.getByRole('button', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
  await expect(dialog.getByText('Nothing has already been uploaded')).toBeVisible();

  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByText('Click Here Or Drop Your File To Upload')).toBeVisible();
  const restore = await delayUploads(page, '/medias', 1_500);
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'booth-photo.png', mimeType: 'image/png', buffer: makePng(240, 240, { noise: true }) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: 'floor-plan.png', mimeType: 'image/png', buffer: makePng(64, 48) },
  ]);
  const uploads = dialog.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
  await expect(uploads).toHaveCount(2);
  await expect(uploads.filter({ hasText: 'notes.txt' })).toHaveCount(0);
  const first = uploads.filter({ hasText: 'booth-photo.png' });
  const second = uploads.filter({ hasText: 'floor-plan.png' });
  // One after another: the second waits at 0 % while the first is uploading.
  await expect(first).toHaveAttribute('data-upload-status', 'uploading');
  await expect(second).toHaveAttribute('data-upload-status', 'waiting');
  await expect(second.getByText('0%', { exact: true })).toBeVisible();
  await expect(first.getByText(/^([1-9]|[1-9]\d)%$/)).toBeVisible();
  await expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9]\d)$/);
  await expect(first).toHaveAttribute('data-upload-status', 'uploaded', { timeout: 10_000 });
  await expect(first.getByText('100%', { exact: true })).toBeVisible();
  await expect(second).toHaveAttribute('data-upload-status', 'uploading');
  await expect(second).toHaveAttribute('data-upload-status', 'uploaded', { timeout: 10_000 });
  await expect(second.getByText('100%', { exact: true })).toBeVisible();
  await restore();

  await dialog.getByRole('button', { name: 'Gallery' }).click();
  const thumbnail = dialog.getByRole('button', { name: /booth-photo/ });
  await expect(thumbnail).toBeVisible();
  await expect(dialog.getByRole('button', { name: /floor-plan/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use Selected' })).toBeDisabled();

  // Bulk select and delete: the confirm popup stacks over the media popup.
  await dialog.getByRole('button', { name: /floor-plan/ }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Would you like to delete selected entries ?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(snackbar(page, 'Successfully Deleted')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /floor-plan/ })).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await thumbnail.click();
  await expect(thumbnail).toHaveAttribute('aria-pressed', 'true');
  const preview = dialog.getByRole('complementary', { name: 'Preview' });
  await expect(preview).toContainText('File Name');
  await expect(preview).toContainText('booth-photo');
  await expect(preview).toContainText('Uploaded At');
  await expect(preview).toContainText(/\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)/);
  await expect(preview).toContainText('storeadmin');
  await page.screenshot({ path: test.info().outputPath('media-gallery.png') });

  await dialog.getByRole('button', { name: 'Use Selected' }).click();
  await expect(dialog).toBeHidden();
  const field = page.getByRole('textbox', { name: 'Image' });
  await expect(field).toHaveValue(/^\/api\/nexopos\/v4\/medias\/file\/[a-f0-9]{32}\.png$/);
  const image = await page.request.get(await field.inputValue());
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/png');
});

test('the product preview lists units with sale price and quantity', async ({ page, context }) => {
  await openWidgets(page, context, 'admin');
  const button = page.getByRole('button', { name: /^Preview / }).first();
  const name = (await button.innerText()).replace(/^Preview /, '');
  await button.click();
  const dialog = page.getByRole('dialog', { name: `Previewing : ${name}` });
  await expect(dialog.getByRole('tab', { name: 'Units & Quantities' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('columnheader')).toHaveText(['Unit', 'Sale Price', 'Quantity']);
  const cells = dialog.getByRole('row').nth(1).getByRole('cell');
  await expect(cells.nth(1)).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(cells.nth(2)).toHaveText(/^\d+(\.\d+)?$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a receipt prints through a hidden frame that is removed after 5 seconds', async ({ page, context }) => {
  await openWidgets(page, context, 'admin');
  const receipt = await page.request.get(`${API}/receipts/sale/1`);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-type']).toContain('text/html');

  await page.getByLabel('Order').fill('1');
  await page.getByRole('button', { name: 'Print Sale Receipt' }).click();
  const frame = page.locator('iframe[data-print-frame]');
  await expect(frame).toHaveAttribute('src', `${API}/receipts/sale/1`);
  const addedAt = Date.now();
  await expect(frame).toHaveCount(0, { timeout: 8_000 });
  expect(Date.now() - addedAt).toBeGreaterThan(4_000);
});

test('the paginator loads the pagination path with a page parameter', async ({ page, context }) => {
  await openWidgets(page, context, 'admin');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('button', { name: /^\d+$/ })).toHaveText(['2', '3', '4', '5', '6', '7', '8']);
  await pagination.getByRole('button', { name: '8' }).click();
  await expect(page.getByTestId('paginator-url')).toHaveText(`${API}/medias?page=8`);
});
