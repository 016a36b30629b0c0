import type { Browser, BrowserContext, Page } from '@playwright/test';

/**
 * What a script's text gives away about the heavy libraries it carries: Konva's warnings, ProseMirror's
 * class names (TipTap's editor), rjsf's class names. Read from the scripts themselves, so one single
 * bundle and split chunks are judged the same way.
 */
export const LIBRARY_MARKERS = {
  'floor canvas (Konva)': 'Konva warning',
  'rich text (TipTap)': 'ProseMirror-focused',
  'forms (rjsf)': 'rjsf-field',
} as const;

export type LibraryName = keyof typeof LIBRARY_MARKERS;

export interface ScriptLoad {
  /** Bytes on the wire (the compressed body when the server compressed it), every script of the load. */
  compressedBytes: number;
  /** The same scripts decoded. */
  decodedBytes: number;
  files: number;
  /** Content-Encoding of the scripts, deduplicated ('identity' when none). */
  encodings: string[];
  libraries: LibraryName[];
}

/**
 * Page-side clock: records, for each watched CSS selector, the first animation frame at or after the one
 * in which it matched (≈ the frame that paints it), in ms since navigation start. Added before any
 * script of the page runs.
 */
const WATCH_SCRIPT = `(() => {
  const marks = {};
  const watched = new Map();
  window.__firstLoad = {
    marks,
    watch(name, test) { watched.set(name, test); check(); },
    keyAt: 0,
  };
  function check() {
    for (const [name, test] of watched) {
      let found = false;
      try { found = typeof test === 'function' ? test() : !!document.querySelector(test); } catch { found = false; }
      if (!found) continue;
      watched.delete(name);
      requestAnimationFrame(() => { marks[name] = performance.now(); });
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  addEventListener('keydown', (event) => { if (event.key === 'Enter') window.__firstLoad.keyAt = performance.now(); }, true);
})();`;

declare global {
  interface Window {
    __firstLoad: { marks: Record<string, number>; watch(name: string, test: string | (() => boolean)): void; keyAt: number };
  }
}

/** A fresh browser context: its own empty HTTP cache and cookies (a first visit). */
export async function coldContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: WATCH_SCRIPT });
  return context;
}

/** Counts every script the page loads from now on; `read()` once the page has settled. */
export function recordScripts(page: Page): { read(): Promise<ScriptLoad> } {
  const pending: Array<Promise<{ compressed: number; decoded: number; encoding: string; text: string }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const [sizes, body, encoding] = await Promise.all([request.sizes(), response?.body(), response?.headerValue('content-encoding')]);
        return { compressed: sizes.responseBodySize, decoded: body?.length ?? 0, encoding: encoding ?? 'identity', text: body?.toString('latin1') ?? '' };
      })(),
    );
  });
  return {
    async read() {
      const scripts = await Promise.all(pending);
      const libraries = (Object.keys(LIBRARY_MARKERS) as LibraryName[]).filter((name) => scripts.some(({ text }) => text.includes(LIBRARY_MARKERS[name])));
      return {
        compressedBytes: scripts.reduce((sum, script) => sum + script.compressed, 0),
        decodedBytes: scripts.reduce((sum, script) => sum + script.decoded, 0),
        files: scripts.length,
        encodings: [...new Set(scripts.map((script) => script.encoding))],
        libraries,
      };
    },
  };
}

/** Waits until the page-side clock has a mark and answers it (ms since navigation start). */
export async function markOf(page: Page, name: string, timeoutMs = 30_000): Promise<number> {
  const handle = await page.waitForFunction((mark) => window.__firstLoad.marks[mark], name, { timeout: timeoutMs });
  return (await handle.jsonValue()) as number;
}

export function kib(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
