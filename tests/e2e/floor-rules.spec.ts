import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

test.use({ viewport: { width: 1700, height: 1100 } });

const spaceButton = (page: Page, floorNo: number) => page.getByTestId('floor-map').locator(`button[data-space="${floorNo}"]`);
const notice = (page: Page, text: string) => page.locator('[data-variant]').filter({ hasText: text });

test.describe('the floor rules at the screen', () => {
  test('the owner rows say what UPDATE discards, and a space off the floor is refused', async ({ page }) => {
    await signIn(page, 'admin');
    // A space of this test's own in a free corner, removed at the end.
    const created = await page.request.post(`${API}/floorlayout/create`, { headers: HEADERS, data: { coords: '900,660,1100,720', id: 0, layer: 0 } });
    const { space } = await created.json();
    const outside = await page.request.post(`${API}/floorlayout/create`, { headers: HEADERS, data: { coords: '-10,-10,50,50', id: 0, layer: 0 } });
    expect(outside.status()).toBe(422);
    expect((await outside.json()).message).toBe('The space must lie inside the floor: from 0,0 to 1440,800.');

    await page.goto('/dashboard/floor-layout');
    await spaceButton(page, space.floor_no).dispatchEvent('click');
    const details = page.getByRole('dialog', { name: `Space Details #${space.floor_no}` });
    await expect(details.getByLabel('Owner 1')).toHaveValue('for_rent');
    await details.getByLabel('Price 1').fill('150');
    await details.getByRole('button', { name: 'Add Owner' }).click();
    await details.getByLabel('Owner 2').selectOption({ label: 'craftcorner (#104)' });
    await details.getByLabel('Price 2').fill('55.50');
    const discarded = details.getByRole('status', { name: 'Discarded rows' });
    await expect(discarded).toHaveText("Row 1 (For Rent, $150.00) is discarded: a space with a vendor is rented at the sum of its owners' prices.");
    await details.getByRole('button', { name: 'UPDATE' }).click();
    await expect(notice(page, "Row 1 (For Rent, 150.00) is discarded: a space with a vendor is rented at the sum of its owners' prices.")).toBeVisible();
    await expect(details).toHaveCount(0);
    await expect(spaceButton(page, space.floor_no)).toHaveText(`Space #${space.floor_no}: craftcorner`);
    const listed = (await (await page.request.get(`${API}/floorlayout/list/0`, { headers: HEADERS })).json()).layout.find(
      (candidate: { id: number }) => candidate.id === space.id,
    );
    expect(listed).toMatchObject({ floor_status: 'rented', floor_price: 55.5 });

    expect((await page.request.delete(`${API}/floorlayout/delete/${space.id}`, { headers: HEADERS })).status()).toBe(200);
  });

  test('a failed vendor list shows the server message in Space Details', async ({ page }) => {
    await signIn(page, 'admin');
    await page.route('**/api/nexopos/v4/smp/vendors?**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'failed', message: 'The vendor list is unavailable.' }) }),
    );
    await page.goto('/dashboard/floor-layout');
    await spaceButton(page, 3).dispatchEvent('click');
    const details = page.getByRole('dialog', { name: 'Space Details #3' });
    await expect(details.getByTestId('vendor-list-failed')).toHaveText('The vendor list could not be loaded: The vendor list is unavailable.');
    await expect(notice(page, 'The vendor list is unavailable.')).toHaveCount(1);
    await details.getByRole('button', { name: 'CANCEL' }).click();
  });

  test('a new layer keeps its border width and type, and the default floor shows its default image', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/floor-layout');
    const image = page.getByTestId('floor-map').locator('canvas').first();
    await expect(image).toBeVisible();
    // The default layer has no uploaded image, yet an image is drawn under its spaces.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const konva = (window as unknown as { Konva: { stages: Array<{ find(s: string): Array<{ image(): HTMLImageElement | undefined }> }> } }).Konva;
          return konva.stages[0]!.find('Image').some((node) => Boolean(node.image()?.src));
        }),
      )
      .toBe(true);

    await page.getByRole('button', { name: 'New Layer' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Floor Layer' });
    await expect(create.getByLabel('Border Width').locator('option')).toHaveText(['None', '1px', '2px', '3px', '4px', '5px']);
    await expect(create.getByLabel('Border Type').locator('option')).toHaveText(['dotted', 'dashed', 'solid', 'double', 'groove', 'ridge', 'inset', 'outset']);
    await create.getByLabel('Floor Name').fill('E2E Bordered Floor');
    await create.getByLabel('Border Width').selectOption({ label: '3px' });
    await create.getByLabel('Border Type').selectOption('dashed');
    await create.getByRole('button', { name: 'CREATE' }).click();
    await expect(create).toHaveCount(0);
    const layerSelect = page.getByRole('combobox', { name: 'Layer' });
    await expect(layerSelect.locator('option:checked')).toHaveText('E2E Bordered Floor');
    const layerId = Number(await layerSelect.inputValue());
    const background = (await (await page.request.get(`${API}/floorlayout/list/${layerId}`, { headers: HEADERS })).json()).activeLayer.layer_background;
    expect(background).toMatchObject({ is_border: 3, border_type: 'dashed', border_color: '#000000' });
    // react-konva puts the Stage's style on its own container, the map's first element.
    const edge = page.getByTestId('floor-map').locator('> div').first();
    await expect(edge).toHaveCSS('border-top-style', 'dashed');
    await expect(edge).toHaveCSS('border-top-width', '3px');

    await page.getByRole('button', { name: 'Delete Layer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(layerSelect.locator('option:checked')).toHaveText('Main Floor');
  });
});
