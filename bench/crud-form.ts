import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { atMost, timingOf, type Benchmark } from './lib/types';

/** The form's targets: our form renders within 1.2× plain rjsf; a keystroke paints within 16 ms. */
const RENDER_RATIO_TARGET = 1.2;
const KEYSTROKE_TARGET_MS = 16;
const RENDER_RUNS = 40;
const RENDER_WARMUP = 8;
const KEYSTROKES = 40;
const TEXT = 'The quick brown fox jumps over the lazy dog';

/** Builds bench/crud-form/page.tsx (React in production mode, the app's CSS) into one script and one stylesheet. */
async function buildPage(outDir: string): Promise<{ script: string; style: string }> {
  await build({
    configFile: false,
    root: process.cwd(),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: resolve('bench/crud-form/page.tsx'), formats: ['iife'], name: 'CrudFormBench', fileName: () => 'bench.js', cssFileName: 'bench' },
    },
  });
  const css = readdirSync(outDir).find((file) => file.endsWith('.css'));
  return { script: readFileSync(join(outDir, 'bench.js'), 'utf8'), style: css ? readFileSync(join(outDir, css), 'utf8') : '' };
}

export const crudForm: Benchmark = {
  name: 'crud-form',
  description: 'a generated 60-field form in Chromium: our engine beside plain @rjsf/core on the same schema, and keystroke-to-paint in ours',
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), 'crud-form-bench-'));
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const { script, style } = await buildPage(outDir);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
      await page.addStyleTag({ content: style });
      await page.addScriptTag({ content: script });

      const rendered = await page.evaluate(([runs, warmup]) => window.crudFormBench.renderBoth(runs, warmup), [RENDER_RUNS, RENDER_WARMUP] as const);
      const selector = await page.evaluate(() => window.crudFormBench.mountForTyping());
      for (const key of TEXT.slice(0, KEYSTROKES)) {
        await page.keyboard.press(key === ' ' ? 'Space' : key);
        await page.waitForTimeout(40);
      }
      await page.waitForTimeout(100);
      const typed = await page.inputValue(selector);
      const keystrokes = await page.evaluate(() => window.crudFormBench.keystrokes());

      const engine = timingOf(`render, our engine (${rendered.fields} fields)`, rendered.engine);
      const plain = timingOf(`render, plain @rjsf/core (${rendered.fields} fields)`, rendered.plain);
      const latency = timingOf('keystroke to paint, our engine', keystrokes);
      const problems = [...errors.map((message) => `page error: ${message}`)];
      if (typed !== TEXT.slice(0, KEYSTROKES)) problems.push(`the typed text did not arrive whole: "${typed}"`);
      if (keystrokes.length !== KEYSTROKES) problems.push(`${keystrokes.length} of ${KEYSTROKES} keystrokes were timed`);
      return {
        name: this.name,
        description: this.description,
        measurements: [],
        timings: [engine, plain, latency],
        ratios: [
          atMost('render engine / plain rjsf', plain.medianMs > 0 ? engine.medianMs / plain.medianMs : Number.POSITIVE_INFINITY, RENDER_RATIO_TARGET),
          atMost('keystroke-to-paint median ms', latency.medianMs, KEYSTROKE_TARGET_MS),
        ],
        problems,
      };
    } finally {
      await browser.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
