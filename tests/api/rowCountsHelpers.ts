import pg from 'pg';
import { compactRowCounts } from '../../server/db/rowCounts';
import type { TestApp } from './harness';

/**
 * Four connections of their own to the test app's database each write `rounds` times while the app's pool folds
 * the kept row counts as many times (server/db/rowCounts.ts): the writes and the compactions race. Closed after.
 */
export async function writeWhileCompacting(t: TestApp, rounds: number, write: (client: pg.Client, index: number) => Promise<unknown>): Promise<void> {
  const clients = await Promise.all(
    [0, 1, 2, 3].map(async () => {
      const client = new pg.Client({ connectionString: t.config.databaseUrl! });
      await client.connect();
      return client;
    }),
  );
  try {
    await Promise.all([
      ...clients.map(async (client, index) => {
        for (let round = 0; round < rounds; round += 1) await write(client, index);
      }),
      (async () => {
        for (let round = 0; round < rounds; round += 1) await compactRowCounts(t.database);
      })(),
    ]);
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}
