import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

interface Drawn {
  floorNo: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Every word of the label is drawn, whole, inside the rectangle's padding. */
  labelFits: boolean;
  label: string;
}

/** Each space's rectangle in page pixels (from the Konva stage) and whether its label fits. */
async function drawnSpaces(
  page: Page,
): Promise<{ canvas: { left: number; right: number; top: number; bottom: number }; spaces: Drawn[]; bitmapCovers: boolean }> {
  return page.evaluate(() => {
    type Line = { text: string; width: number };
    type Node = {
      name(): string;
      getClientRect(): { x: number; y: number; width: number; height: number };
      findOne(selector: string): Node;
      text(): string;
      width(): number;
      height(): number;
      padding(): number;
      fontSize(): number;
      lineHeight(): number;
      textArr: Line[];
    };
    type Cached = { scene: { width: number; height: number; pixelRatio: number }; x: number; y: number };
    type Group = Node & {
      _canvasCache?: Cached;
      getParent(): unknown;
      getClientRect(config?: { relativeTo?: unknown }): { x: number; y: number; width: number; height: number };
    };
    type Stage = { container(): HTMLElement; find(selector: string): Group[] };
    const konva = (window as unknown as { Konva: { stages: Stage[] } }).Konva;
    const stage = konva.stages.find((candidate) => candidate.container().closest('[data-testid="floor-map"]'))!;
    const box = stage.container().getBoundingClientRect();
    const spaces = stage
      .find('Group')
      .filter((group) => /^space-\d+$/.test(group.name()))
      .map((group) => {
        const rect = group.getClientRect();
        const label = group.findOne('.space-label');
        const inner = { width: label.width() - 2 * label.padding(), height: label.height() - 2 * label.padding() };
        const words = (text: string) => text.split(/\s+/).filter(Boolean);
        const drawnWords = words(label.textArr.map((line) => line.text).join(' '));
        const labelFits =
          drawnWords.join(' ') === words(label.text()).join(' ') &&
          label.textArr.every((line) => line.width <= inner.width + 0.5) &&
          label.textArr.length * label.fontSize() * label.lineHeight() <= inner.height + 0.5;
        return {
          floorNo: Number(group.name().slice('space-'.length)),
          left: box.left + rect.x,
          top: box.top + rect.y,
          right: box.left + rect.x + rect.width,
          bottom: box.top + rect.y + rect.height,
          labelFits,
          label: label.text().replace('\n', ' '),
        };
      });
    // The spaces are drawn from one cached bitmap: it must reach past every space's outer stroke.
    const cached = stage.find('Group').find((group) => group._canvasCache)!;
    const bitmap = cached._canvasCache!;
    const extent = cached.getClientRect({ relativeTo: cached.getParent() });
    const bitmapCovers =
      bitmap.x <= extent.x &&
      bitmap.y <= extent.y &&
      bitmap.x + bitmap.scene.width / bitmap.scene.pixelRatio >= extent.x + extent.width &&
      bitmap.y + bitmap.scene.height / bitmap.scene.pixelRatio >= extent.y + extent.height;
    return { canvas: { left: box.left, right: box.right, top: box.top, bottom: box.bottom }, spaces, bitmapCovers };
  });
}

test.describe('the floor map at common widths', () => {
  for (const [width, height] of [
    [1280, 800],
    [1366, 768],
    [1920, 1080],
  ] as const) {
    test(`shows every space whole, labels inside, at ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await signIn(page, 'admin');
      await page.goto('/dashboard/floor-layout');
      const map = page.getByTestId('floor-map');
      await expect(map.locator('canvas').first()).toBeVisible();
      await expect(map.locator('button[data-space]')).toHaveCount(12);

      const { canvas, spaces, bitmapCovers } = await drawnSpaces(page);
      expect(bitmapCovers).toBe(true);
      expect(spaces.map((space) => space.floorNo).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      // The map itself is not cut sideways; the page scrolls down to its bottom row.
      expect(canvas.left).toBeGreaterThanOrEqual(0);
      expect(canvas.right).toBeLessThanOrEqual(width);
      for (const space of spaces) {
        expect(space.left, `#${space.floorNo} left`).toBeGreaterThanOrEqual(canvas.left);
        expect(space.right, `#${space.floorNo} right`).toBeLessThanOrEqual(canvas.right);
        expect(space.top, `#${space.floorNo} top`).toBeGreaterThanOrEqual(canvas.top);
        expect(space.bottom, `#${space.floorNo} bottom`).toBeLessThanOrEqual(canvas.bottom);
        expect(space.labelFits, `#${space.floorNo} label '${space.label}'`).toBe(true);
      }
      await map.scrollIntoViewIfNeeded();
      await testInfo.attach(`floor-map-${width}`, { body: await map.screenshot(), contentType: 'image/png' });
      await testInfo.attach(`floor-page-${width}`, { body: await page.screenshot(), contentType: 'image/png' });
    });
  }

  test('the layout editor draws the spaces under the objects and keeps New and Save on screen at 1366 x 768', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'admin');
    await page.goto('/dashboard/floor-layout');
    await expect(page.getByTestId('floor-map').locator('canvas').first()).toBeVisible();
    await page.getByRole('button', { name: 'Edit Layout' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit layout' });
    const canvas = editor.getByTestId('layout-editor-canvas');
    await expect(canvas).toHaveAttribute('data-spaces', '12');
    // The canvas has a visible edge.
    expect(await canvas.evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('2px');
    for (const name of ['New Text', 'Save Layout']) {
      const box = (await editor.getByRole('button', { name }).boundingBox())!;
      expect(box.y + box.height, name).toBeLessThanOrEqual(768);
      await expect(editor.getByRole('button', { name })).toBeInViewport();
    }
    // Background, then the spaces dimmed and deaf to clicks, then the editable objects on top.
    const layers = await page.evaluate(() => {
      const konva = (
        window as unknown as {
          Konva: { stages: Array<{ container(): HTMLElement; getLayers(): Array<{ opacity(): number; listening(): boolean; find(s: string): unknown[] }> }> };
        }
      ).Konva;
      const stage = konva.stages.find((candidate) => candidate.container().closest('[data-testid="layout-editor-canvas"]'))!;
      return stage.getLayers().map((layer) => ({ opacity: layer.opacity(), listening: layer.listening(), spaces: layer.find('.space-label').length }));
    });
    expect(layers).toEqual([
      { opacity: 1, listening: true, spaces: 0 },
      { opacity: 0.35, listening: false, spaces: 12 },
      { opacity: 1, listening: true, spaces: 0 },
    ]);
    await testInfo.attach('layout-editor-1366x768', { body: await page.screenshot(), contentType: 'image/png' });
    // The footer's Close (the × in the title bar is named Close too).
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await expect(editor).toHaveCount(0);
  });
});
