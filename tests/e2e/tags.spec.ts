import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
const POINTS_PER_INCH = 72;
const CSS_PX_PER_INCH = 96;

async function productId(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`${API}/crud/ns.products`, { headers: HEADERS, params: { search: name } });
  const rows = (await response.json()).data as Array<{ $id?: number; id?: number; name: string }>;
  const row = rows.find((candidate) => candidate.name === name)!;
  return Number(row.$id ?? row.id);
}

/** The rectangles drawn on a PDF's first page (pdftocairo -svg): x, y, width, height in points. */
function pdfRectangles(file: string): Array<{ x: number; y: number; width: number; height: number }> {
  const svg = execFileSync('pdftocairo', ['-svg', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  // What is drawn, not the clip paths defined before it.
  const drawn = svg.slice(svg.indexOf('id="surface'));
  const rectangles: Array<{ x: number; y: number; width: number; height: number }> = [];
  for (const match of drawn.matchAll(/d="M ([\d.]+) ([\d.]+) L ([\d.]+) ([\d.]+) L ([\d.]+) ([\d.]+) L ([\d.]+) ([\d.]+) Z M [\d.]+ [\d.]+ "/g)) {
    const [x1, y1, x2, , , y3] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    rectangles.push({ x: x1, y: y1, width: x2 - x1, height: y3 - y1 });
  }
  return rectangles;
}

/** Words of a PDF with their boxes in points from the page's top-left (pdftotext -bbox). */
function pdfWords(file: string): Array<{ text: string; page: number; x: number; y: number }> {
  const xhtml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Array<{ text: string; page: number; x: number; y: number }> = [];
  let page = 0;
  for (const line of xhtml.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/.exec(line);
    if (match) words.push({ text: match[3]!.replaceAll('&amp;', '&'), page, x: Number(match[1]), y: Number(match[2]) });
  }
  return words;
}

test('tags: two products selected in the products list print on an Avery 5160 Letter sheet, and a tag scans back at the till', async ({
  page,
  context,
}, testInfo) => {
  await signIn(page, 'admin');
  const mug = await productId(page, 'Hand-Thrown Mug');
  const scarf = await productId(page, 'Silk Scarf');

  await page.goto('/dashboard/products');
  const rows = page.locator('tbody tr[data-row-id]');
  await rows.filter({ hasText: 'Hand-Thrown Mug' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'Silk Scarf' }).getByRole('checkbox').check();
  await page.getByRole('combobox', { name: 'Bulk Actions' }).selectOption({ label: 'Print Tags' });
  await page.getByRole('button', { name: 'Apply' }).click();

  const dialog = page.getByRole('dialog', { name: 'Print Tags' });
  await expect(dialog.getByRole('row', { name: /Hand-Thrown Mug/ })).toContainText('100000000031');
  await expect(dialog.getByRole('row', { name: /Hand-Thrown Mug/ })).toContainText('$22.00');
  await expect(dialog.getByRole('row', { name: /Silk Scarf/ })).toContainText('$19.99');
  await dialog.getByRole('spinbutton', { name: 'Tags of Hand-Thrown Mug' }).fill('2');
  // Three labels of the sheet were used already: start at the fourth (row 2, column 1).
  await dialog.getByRole('spinbutton', { name: 'Start at label' }).fill('4');
  await dialog.getByRole('button', { name: 'Print Tags' }).click();
  await expect(dialog).toBeHidden();

  const frame = page.locator('iframe[data-print-frame]');
  const url = `${API}/tags/ns.products/print?layout=sheet&start=4&items=${mug}x2,${scarf}x1`;
  await expect(frame).toHaveAttribute('src', url);

  // The page the frame prints, printed to PDF by Chromium at the page size it declares.
  const sheet = await context.newPage();
  await sheet.goto(url);
  await sheet.emulateMedia({ media: 'print' });
  // Bars at the declared size: 0.4 in tall; 101 modules + 2 × 10 quiet modules of 0.01 in = 1.21 in.
  const bars = sheet.locator('svg.bars[data-code="100000000031"]').first();
  const box = (await bars.boundingBox())!;
  expect(box.height / CSS_PX_PER_INCH).toBeCloseTo(0.4, 3);
  expect(box.width / CSS_PX_PER_INCH).toBeCloseTo(1.21, 3);
  const narrowest = await bars.locator('rect').evaluateAll((rects) => Math.min(...rects.map((rect) => rect.getBoundingClientRect().width)));
  expect(narrowest / CSS_PX_PER_INCH).toBeCloseTo(0.01, 4);

  const file = testInfo.outputPath('tags.pdf');
  fs.writeFileSync(file, await sheet.pdf({ preferCSSPageSize: true, printBackground: true }));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(/^Pages:\s+1$/m);
  expect(info).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);

  // The bars as Chromium printed them: 28 bars per tag (12 digits in Code 128), 0.4 in tall, the
  // narrowest 0.01 in wide, within 0.0005 in.
  const barRectangles = pdfRectangles(file).filter((rectangle) => rectangle.height > 20);
  expect(barRectangles).toHaveLength(3 * 28);
  for (const bar of barRectangles) expect(Math.abs(bar.height / POINTS_PER_INCH - 0.4)).toBeLessThan(0.0005);
  const narrowestBar = Math.min(...barRectangles.map((bar) => bar.width)) / POINTS_PER_INCH;
  expect(Math.abs(narrowestBar - 0.01)).toBeLessThan(0.0005);

  const words = pdfWords(file);
  expect(words.filter((word) => word.text === '100000000031')).toHaveLength(2);
  expect(words.filter((word) => word.text === '100000000062')).toHaveLength(1);
  expect(words.filter((word) => word.text === '$22.00')).toHaveLength(2);
  expect(words.filter((word) => word.text === '$19.99')).toHaveLength(1);
  // Each tag's name starts 0.08 in inside its label: labels 4, 5 and 6 of the Avery 5160 grid
  // (0.1875 in side margin, 2.625 in labels, 0.125 in between; second row: 0.5 in + 1 in down).
  const names = words.filter((word) => word.text === 'Hand-Thrown' || word.text === 'Silk');
  expect(names.map((word) => word.text)).toEqual(['Hand-Thrown', 'Hand-Thrown', 'Silk']);
  const columnLeft = (column: number) => (0.1875 + column * (2.625 + 0.125) + 0.08) * POINTS_PER_INCH;
  names.forEach((word, column) => {
    expect(Math.abs(word.x - columnLeft(column))).toBeLessThan(1.5);
    // The text box's top is within a few points of the label's padding edge (line height against the font's box).
    expect(Math.abs(word.y - (1.5 + 0.08) * POINTS_PER_INCH)).toBeLessThan(3);
  });
  const code = await bars.getAttribute('data-code');
  await sheet.close();

  // The value the tag encodes, typed into the till's barcode input as a scanner would, adds that product.
  await page.goto('/dashboard/pos');
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill(code!);
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('1');
});
