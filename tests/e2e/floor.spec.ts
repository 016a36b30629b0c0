import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';
import { makePng } from './testFiles';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
/** The demo floor's background width (server/db/demo/floor.ts). */
const BACKGROUND_WIDTH = 1440;

test.use({ viewport: { width: 1700, height: 1100 } });

/** The map's canvas box and scale, to point at background coordinates. */
async function mapPoint(page: Page) {
  const canvas = page.getByTestId('floor-map').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  const scale = box.width / BACKGROUND_WIDTH;
  return (x: number, y: number) => ({ x: box.x + x * scale, y: box.y + y * scale });
}

const spaceButton = (page: Page, floorNo: number) => page.getByTestId('floor-map').locator(`button[data-space="${floorNo}"]`);

test.describe('the floor layout', () => {
  test('an administrator draws a space, assigns a vendor and finds it in the table and the history', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/floor-layout');
    await expect(page.getByRole('heading', { level: 1, name: 'Floor Layout' })).toBeVisible();
    const at = await mapPoint(page);

    await page.getByRole('button', { name: 'New Space' }).click();
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeVisible();
    // An empty rectangle is refused with the spec's message.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.locator('[data-variant]').filter({ hasText: 'Please draw the space area' })).toBeVisible();

    // A free strip under the second row of booths.
    const start = at(80, 662);
    const end = at(420, 728);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2);
    await page.mouse.move(end.x, end.y);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const details = page.getByRole('dialog');
    await expect(details.getByRole('heading', { name: /^Space Details #\d+$/ })).toBeVisible();
    const floorNo = Number((await details.getByRole('heading').textContent())!.replace(/\D+/g, ''));
    await expect(spaceButton(page, floorNo)).toHaveText(`Space #${floorNo}: For Rent`);

    await details.getByLabel('Owner 1').selectOption({ label: 'retroroom (#103)' });
    await details.getByLabel('Price 1').fill('88');
    await details.getByRole('button', { name: 'UPDATE' }).click();
    await expect(details).toHaveCount(0);
    await expect(spaceButton(page, floorNo)).toHaveText(`Space #${floorNo}: retroroom`);

    await page.getByRole('button', { name: 'Table View' }).click();
    const rows = page.getByRole('table', { name: 'Spaces' }).locator(`tr[data-space="${floorNo}"]`);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('retroroom');
    // The demo's shared booth #2 has two owners: two rows, the first spanning both.
    await expect(page.getByRole('table', { name: 'Spaces' }).locator('tr[data-space="2"]')).toHaveCount(2);

    // The assignment wrote a history entry for vendor 103, shown newest first in the vendor form.
    const vendors = (await (await page.request.get(`${API}/smp/vendors?filter=active`, { headers: HEADERS })).json()) as Array<{
      id: number;
      username: string;
    }>;
    const retroroom = vendors.find((vendor) => vendor.username === 'retroroom')!;
    await page.goto(`/dashboard/vendors/edit/${retroroom.id}`);
    await page.getByRole('button', { name: 'Space History of vendor #103' }).click();
    const history = page.getByRole('dialog', { name: 'Space History' });
    const newest = history.getByTestId('history-entry').first();
    await expect(newest).toContainText(`Space #${floorNo}`);
    await expect(newest).toContainText('2 Spaces');
    await expect(newest.getByRole('button', { name: 'Remove' })).toHaveCount(2);
    await expect(history.getByTestId('history-entry').nth(1).getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(history.getByRole('button', { name: 'Floor Layout Editor' })).toBeVisible();
  });

  test('an administrator edits the layout, adds a layer with a floor image and deletes it', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/floor-layout');
    await expect(page.getByTestId('floor-map').locator('canvas').first()).toBeVisible();
    const layer = async () => (await (await page.request.get(`${API}/floorlayout/list/0`, { headers: HEADERS })).json()).activeLayer;
    const before = (await layer()).layer_objects.json.length as number;

    await page.getByRole('button', { name: 'Edit Layout' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit layout' });
    await editor.getByLabel('Shape').selectOption('rect');
    await editor.getByRole('button', { name: 'New Rectangle' }).click();
    await expect(editor.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const canvas = editor.getByTestId('layout-editor-canvas').locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + 30, box.y + box.height - 30);
    await expect(editor.getByTestId('layout-editor-canvas')).toHaveAttribute('data-changed', 'true');
    await page.keyboard.press('ArrowRight');
    await editor.getByRole('button', { name: 'Save Layout' }).click();
    await expect(page.locator('[data-variant]').filter({ hasText: 'Successfully Saved' }).first()).toBeVisible();
    await expect(editor).toHaveCount(0);
    const after = await layer();
    expect(after.layer_objects.json).toHaveLength(before + 1);
    expect(after.layer_objects.svg).toContain('<rect');

    await page.getByRole('button', { name: 'New Layer' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Floor Layer' });
    await expect(create.getByLabel('Width (px)')).toHaveValue('800');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await expect(page.locator('[data-variant]').filter({ hasText: 'Please Input The New FLoor Name' })).toBeVisible();
    await create.getByLabel('Width (px)').fill('');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await expect(page.locator('[data-variant]').filter({ hasText: 'Please Input The Width And Height Of Blank Page' })).toBeVisible();
    await create.getByLabel('Width (px)').fill('800');
    await create.getByLabel('Height (px)').fill('600');
    await create.getByLabel('Floor Name').fill('E2E Upper Floor');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await expect(create).toHaveCount(0);
    const layerSelect = page.getByRole('combobox', { name: 'Layer' });
    await expect(layerSelect.locator('option:checked')).toHaveText('E2E Upper Floor');
    const layerId = Number(await layerSelect.inputValue());

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.locator('[data-variant]').filter({ hasText: 'Please select image file' })).toBeVisible();
    await fileInput.setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: makePng(80, 60) });
    await page.getByRole('dialog', { name: 'Are you sure change the current floor image?' }).getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(async () => (await (await page.request.get(`${API}/floorlayout/list/${layerId}`, { headers: HEADERS })).json()).activeLayer.layer_background.path)
      .toMatch(/\/image\//);

    await page.getByRole('button', { name: 'Delete Layer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(layerSelect.locator('option:checked')).toHaveText('Main Floor');
    await expect(layerSelect.locator('option', { hasText: 'E2E Upper Floor' })).toHaveCount(0);
    // Only the default layer is left: it cannot be deleted.
    await page.getByRole('button', { name: 'Delete Layer' }).click();
    await expect(page.locator('[data-variant]').filter({ hasText: 'You Can Not Delete Default Layer' })).toBeVisible();
  });

  test('a vendor sees the map read-only', async ({ page }) => {
    await signIn(page, 'vendor');
    await page.goto('/dashboard/floor-layout');
    const at = await mapPoint(page);
    await expect(page.getByRole('toolbar')).toHaveCount(0);
    await expect(spaceButton(page, 1)).toHaveText('Space #1: vendor');

    // Booth #1 sits at 60,80 – 250,300.
    const booth = at(150, 190);
    await page.mouse.click(booth.x, booth.y);
    const details = page.getByRole('dialog');
    await expect(details.getByRole('heading', { name: 'Space Details #1' })).toBeVisible();
    await expect(details.getByRole('button', { name: 'CANCEL' })).toBeVisible();
    await expect(details.getByRole('button', { name: /UPDATE|DELETE|Redraw Space/ })).toHaveCount(0);
    await expect(details.getByLabel('Owner 1')).toBeDisabled();
    await expect(details.getByLabel('Edit Space View')).toHaveCount(0);
    await details.getByRole('button', { name: 'CANCEL' }).click();
    await expect(details).toHaveCount(0);
  });
});
