import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const UNIT_ROOTS = ['tests/unit', 'schemas', 'engine', 'fields', 'extensions', 'machines', 'screens', 'server'];
const UNIT_INCLUDE = UNIT_ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`);

/** The unit test files under `root` that replace a module with vi.mock. */
function mockingTests(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (/\bvi\.mock\(/.test(readFileSync(file, 'utf8'))) found.push(file.split(path.sep).join('/'));
  }
  return found;
}

// Test files share their worker's module graph (isolate: false): a fresh process per file cost most of each
// project's time here, in start-up and imports. A file that mocks a module would leave the mock behind for the
// files after it, so those run apart, isolated as before; the list is read from the files, not kept by hand.
const MOCKING = UNIT_ROOTS.flatMap(mockingTests);

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_INCLUDE,
          exclude: ['**/node_modules/**', ...MOCKING],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-mocking',
          include: MOCKING,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Migrated, seeded databases built once per run, which each test app copies.
          globalSetup: ['tests/api/databaseTemplates.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: true,
          // Every file builds its own app on its own database; what they share is the server's code.
          isolate: false,
        },
      },
    ],
  },
});
