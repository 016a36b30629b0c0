import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type DialectName, type TestApp, type TestAppOptions } from './harness';

/**
 * The app of a describe block, built before its tests and closed after them: the set-up every API suite
 * wrote out (`let t; beforeAll(create); afterAll(close)`). Call it at the top of the block; hooks the
 * block registers after it run once the app exists. The answer stands for the app: read it only inside
 * hooks and tests (before the app is built it throws, saying so).
 */
export function useTestApp(dialect: DialectName, options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(dialect, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error(`The test app was read (${String(key)}) before its describe block's beforeAll ran.`);
      const value = current[key as keyof TestApp];
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
