import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { coldContext, kib, markOf, recordScripts, type LibraryName, type ScriptLoad } from './first-load/browser';
import { benchBarcode, benchProductName, insertCatalogue } from './lib/largeCatalogue';
import { createStore, startStoreServer } from './lib/servers';
import { DEMO_LOGIN, signIn } from './lib/signIn';
import { atMost, timingOf, type Benchmark, type Ratio } from './lib/types';

/** The first-load targets, measured in Chromium from a cold cache on localhost. */
const SIGN_IN_TARGET_MS = 500;
const SIGN_IN_SCRIPT_TARGET_KIB = 150;
const TILL_TARGET_MS = 1000;
const SCAN_TARGET_MS = 100;

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 7);
const SCANS = 20;
const CASHIER = { username: 'cashier', password: DEMO_LOGIN.password };
const VENDOR = { username: 'vendor', password: DEMO_LOGIN.password };
const SEARCH_BOX = 'input[placeholder="Search products or scan a barcode"]';
/** The sign-in form is usable once its two fields and its button are on screen. */
const SIGN_IN_FORM = 'form #field-username, form #field-password, form button[type="submit"]';

const CANVAS: LibraryName = 'floor canvas (Konva)';
const RICH_TEXT: LibraryName = 'rich text (TipTap)';

/** The routes whose scripts are counted, each from a cold cache; `shows` are the heavy parts it displays. */
const ROUTES: Array<{ path: string; as: { username: string; password: string } | null; shows: LibraryName[] }> = [
  { path: '/login', as: null, shows: [] },
  { path: '/dashboard', as: DEMO_LOGIN, shows: [] },
  { path: '/dashboard/pos', as: CASHIER, shows: [] },
  { path: '/dashboard/orders', as: DEMO_LOGIN, shows: [] },
  { path: '/dashboard/products/create', as: DEMO_LOGIN, shows: [] },
  { path: '/dashboard/settings', as: DEMO_LOGIN, shows: [] },
  { path: '/dashboard/floor-layout', as: DEMO_LOGIN, shows: [CANVAS] },
  { path: '/dashboard/my-spaces', as: VENDOR, shows: [CANVAS] },
  { path: '/dashboard/widgets', as: DEMO_LOGIN, shows: [RICH_TEXT] },
];

/** The project's client built as `npm start` builds it, into a temporary folder; BENCH_CLIENT_DIR measures a given build instead. */
async function clientBuild(): Promise<{ dir: string; remove(): void }> {
  if (process.env.BENCH_CLIENT_DIR) return { dir: resolve(process.env.BENCH_CLIENT_DIR), remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'first-load-client-'));
  await build({ logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One cold visit to /login: when the form can be used (ms since navigation start) and the scripts it took. */
async function coldSignIn(browser: Browser, baseUrl: string): Promise<{ usableMs: number; scripts: ScriptLoad }> {
  const context = await coldContext(browser);
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.addInitScript((selector) => window.__firstLoad.watch('sign-in', () => document.querySelectorAll(selector).length === 3), SIGN_IN_FORM);
    await page.goto(`${baseUrl}/login`);
    const usableMs = await markOf(page, 'sign-in');
    await page.waitForLoadState('networkidle');
    return { usableMs, scripts: await scripts.read() };
  } finally {
    await context.close();
  }
}

/**
 * A cashier opens the till's address cold, is sent to sign in, signs in and lands on the till; then
 * scans SCANS products (typed at 5 ms a key, as a scanner does, then Enter), each a new line.
 */
async function coldTill(
  browser: Browser,
  baseUrl: string,
  scan: boolean,
): Promise<{ tillMs: number; afterAnswerMs: number; scansMs: number[]; scripts: ScriptLoad }> {
  const context = await coldContext(browser);
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.addInitScript(
      ([form, search]) => {
        window.__firstLoad.watch('sign-in', () => document.querySelectorAll(form).length === 3);
        window.__firstLoad.watch('till', search);
      },
      [SIGN_IN_FORM, SEARCH_BOX] as const,
    );
    await page.goto(`${baseUrl}/dashboard/pos`);
    await markOf(page, 'sign-in');
    await page.fill('#field-username', CASHIER.username);
    await page.fill('#field-password', CASHIER.password);
    const submittedAt = await page.evaluate(() => {
      const at = performance.now();
      document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.click();
      return at;
    });
    const tillAt = await markOf(page, 'till');
    // The sign-in answer's arrival: what follows it is the client's part (the password hash is the server's, and slow on purpose).
    const signedInAt = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource').find((entry) => entry.name.includes('/auth/login')) as PerformanceResourceTiming | undefined)?.responseEnd ??
        Number.NaN,
    );
    const tillMs = tillAt - submittedAt;
    const afterAnswerMs = tillAt - signedInAt;
    await page.waitForLoadState('networkidle');
    const scansMs: number[] = [];
    if (scan) {
      await page.waitForTimeout(500);
      for (let index = 0; index < SCANS; index += 1) {
        // Spread over the catalogue, never a tenth product (those are unavailable).
        const spread = Math.floor(((index + 0.5) / SCANS) * PRODUCTS);
        const product = spread % 10 === 0 ? spread + 1 : spread;
        await page.evaluate(([mark, name]) => window.__firstLoad.watch(mark, () => document.body.textContent?.includes(name) ?? false), [
          `line-${index}`,
          benchProductName(product),
        ] as const);
        await page.locator(SEARCH_BOX).focus();
        await page.keyboard.type(benchBarcode(product), { delay: 5 });
        await page.keyboard.press('Enter');
        const lineAt = await markOf(page, `line-${index}`, 10_000);
        scansMs.push(lineAt - (await page.evaluate(() => window.__firstLoad.keyAt)));
      }
    }
    return { tillMs, afterAnswerMs, scansMs, scripts: await scripts.read() };
  } finally {
    await context.close();
  }
}

/** The scripts a route loads from a cold cache, signed in by cookie where it needs a session. */
async function routeScripts(browser: Browser, baseUrl: string, path: string, as: { username: string; password: string } | null): Promise<ScriptLoad> {
  const context = await coldContext(browser);
  try {
    if (as) {
      const [name = '', value = ''] = (await signIn(baseUrl, as)).split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    return await scripts.read();
  } finally {
    await context.close();
  }
}

function describeLoad(label: string, load: ScriptLoad): string {
  return (
    `${label}: ${kib(load.compressedBytes)} KiB of JavaScript on the wire (${kib(load.decodedBytes)} KiB decoded, ` +
    `${load.files} file${load.files === 1 ? '' : 's'}, ${load.encodings.join('/')}); heavy parts: ${load.libraries.join(', ') || 'none'}`
  );
}

export const firstLoad: Benchmark = {
  name: 'first-load',
  description:
    `the client's first load in Chromium from a cold cache (${RUNS} runs): sign-in usable, the till after sign-in, ` +
    `a scan to its line with ${PRODUCTS.toLocaleString('en-US')} products, and the JavaScript each route loads`,
  async run() {
    const client = await clientBuild();
    const store = await createStore('sqlite');
    let browser: Browser | null = null;
    try {
      const database = await store.open();
      try {
        await insertCatalogue(database, PRODUCTS);
      } finally {
        await database.close();
      }
      const server = await startStoreServer(store, { CLIENT_DIR: client.dir });
      try {
        browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
        await coldSignIn(browser, server.url); // warm-up: the server's first reads of each file
        const signIns = [];
        for (let run = 0; run < RUNS; run += 1) signIns.push(await coldSignIn(browser, server.url));
        const tills = [];
        for (let run = 0; run < RUNS; run += 1) tills.push(await coldTill(browser, server.url, run === RUNS - 1));
        const routes = [];
        for (const route of ROUTES) routes.push({ ...route, load: await routeScripts(browser, server.url, route.path, route.as) });

        const signInLoad = signIns[0]!.scripts;
        const scans = tills.flatMap((till) => till.scansMs);
        const strays = routes.flatMap(({ path, shows, load }) =>
          load.libraries
            .filter((library) => (library === CANVAS || library === RICH_TEXT) && !shows.includes(library))
            .map((library) => `${path} loads ${library}`),
        );
        const signIn = timingOf(
          'sign-in form usable, from navigation start',
          signIns.map((run) => run.usableMs),
        );
        const till = timingOf(
          'till usable, from the Sign In click (redirected from /dashboard/pos)',
          tills.map((run) => run.tillMs),
        );
        const afterAnswer = timingOf(
          'till usable, from the sign-in answer',
          tills.map((run) => run.afterAnswerMs),
        );
        const scan = timingOf(`scan to its line on screen (Enter to painted frame), ${PRODUCTS} products`, scans);
        const ratios: Ratio[] = [
          atMost('sign-in usable median ms', signIn.medianMs, SIGN_IN_TARGET_MS),
          atMost('sign-in JavaScript KiB (compressed)', kib(signInLoad.compressedBytes), SIGN_IN_SCRIPT_TARGET_KIB),
          atMost('till usable after the sign-in answer, median ms', afterAnswer.medianMs, TILL_TARGET_MS),
          atMost('scan to line p90 ms', scan.p90Ms, SCAN_TARGET_MS),
          atMost('routes loading the floor canvas or rich text without showing it', strays.length, 0),
        ];
        return {
          name: this.name,
          description: this.description,
          measurements: [],
          timings: [signIn, till, afterAnswer, scan],
          notes: [
            ...routes.map(({ path, as, load }) => describeLoad(`${path}${as ? ` (${as.username})` : ''}`, load)),
            describeLoad('till visit (sign-in page, then the till)', tills[0]!.scripts),
            ...strays,
          ],
          ratios,
          problems: [],
        };
      } finally {
        await browser?.close();
        await server.stop();
      }
    } finally {
      await store.remove();
      client.remove();
    }
  },
};
