import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './signIn';

const API = '/api/nexopos/v4';
const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

test('QA records a till sale, downloads it as a scenario file, and the scenario runner replays it green', async ({ page }) => {
  await signIn(page, 'admin');
  expect((await page.request.post(`${API}/options`, { headers: HEADERS, data: { qa_record_scenarios: 'yes' } })).ok()).toBe(true);
  try {
    await page.goto('/dashboard/pos');
    const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
    await search.fill('Hand-Thrown');
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('button', { name: /Hand-Thrown Mug/ })
      .click();
    await expect(page.getByRole('button', { name: 'Quantity of Hand-Thrown Mug' })).toHaveText('1');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('group', { name: 'Payment type' }).getByRole('button', { name: /cash/i }).click();
    await page.getByRole('button', { name: 'Add Payment' }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByText('The order has been placed.')).toBeVisible();

    await page.getByText('Hello, admin').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Download scenario' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^scenario-checkout-.+\.json$/);
    const file = join(mkdtempSync(join(tmpdir(), 'scenario-')), download.suggestedFilename());
    await download.saveAs(file);

    const scenario = JSON.parse(readFileSync(file, 'utf8')) as { machine: string; steps: Array<{ event?: { type: string } }> };
    expect(scenario.machine).toBe('checkout');
    expect(scenario.steps.map((step) => step.event?.type ?? null)).toEqual([null, 'ADD_PRODUCT', 'PAY', 'ADD_PAYMENT', 'CHECKOUT']);
    // The same command QA runs: npm run scenarios -- file.json (exit code 0 when every scenario passes).
    const output = execFileSync('npx', ['tsx', 'machines/cli.ts', file], { encoding: 'utf8' });
    expect(output).toContain('1 passed, 0 failed');
  } finally {
    await page.request.post(`${API}/options`, { headers: HEADERS, data: { qa_record_scenarios: 'no' } });
  }
});
