import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { atMost, timingOf, type Benchmark } from './lib/types';

/** The floor map's targets: a floor of 2,000 spaces paints within 500 ms and pans at 50 fps or more. */
const SPACES = 2000;
const FIRST_PAINT_TARGET_MS = 500;
const FPS_TARGET = 50;
const PAINT_RUNS = 8;
const PAN_RUNS = 3;
const PAN_MS = 3000;

/** Builds bench/floor-map/page.tsx (React in production mode) into one script. */
async function buildPage(outDir: string): Promise<string> {
  await build({
    configFile: false,
    root: process.cwd(),
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: resolve('bench/floor-map/page.tsx'), formats: ['iife'], name: 'FloorMapBench', fileName: () => 'bench.js' },
    },
  });
  return readFileSync(join(outDir, 'bench.js'), 'utf8');
}

export const floorMap: Benchmark = {
  name: 'floor-map',
  description: `the floor map (react-konva) with ${SPACES} spaces in Chromium: time to first paint and frames per second while panning`,
  async run() {
    const outDir = mkdtempSync(join(tmpdir(), 'floor-map-bench-'));
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const script = await buildPage(outDir);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
      await page.addScriptTag({ content: script });

      await page.evaluate((count) => window.floorMapBench.firstPaint(count), SPACES); // warm-up
      const paints: number[] = [];
      for (let run = 0; run < PAINT_RUNS; run++) paints.push(await page.evaluate((count) => window.floorMapBench.firstPaint(count), SPACES));
      const fps: number[] = [];
      for (let run = 0; run < PAN_RUNS; run++)
        fps.push(await page.evaluate(([count, ms]) => window.floorMapBench.panFps(count, ms), [SPACES, PAN_MS] as const));

      const paint = timingOf(`first paint, ${SPACES} spaces`, paints);
      const medianFps = [...fps].sort((a, b) => a - b)[Math.floor(fps.length / 2)] ?? 0;
      const frame = timingOf(
        `frame while panning, ${SPACES} spaces (ms per frame)`,
        fps.map((value) => (value > 0 ? 1000 / value : Number.POSITIVE_INFINITY)),
      );
      return {
        name: this.name,
        description: this.description,
        measurements: [],
        timings: [paint, frame],
        ratios: [
          atMost('first paint median ms', paint.medianMs, FIRST_PAINT_TARGET_MS),
          { label: 'panning fps (median)', value: Math.round(medianFps * 10) / 10, target: FPS_TARGET, met: medianFps >= FPS_TARGET },
        ],
        problems: errors.map((message) => `page error: ${message}`),
      };
    } finally {
      await browser.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  },
};
