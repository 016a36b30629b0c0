import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../server/db/schema';

const listenersNamed = (name: string) =>
  sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${name} and datname = current_database() order by pid`;

/**
 * Ends this database's connections that show the application name, as a restart or an administrator's
 * pg_terminate_backend would, and waits until as many new ones are listening in their place.
 */
export async function endListeners(db: Kysely<DB>, applicationName: string): Promise<void> {
  const before = (await listenersNamed(applicationName).execute(db)).rows.map((row) => row.pid);
  expect(before.length).toBeGreaterThan(0);
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(before)})`.execute(db);
  let after: number[] = [];
  for (let tries = 0; tries < 100; tries += 1) {
    after = (await listenersNamed(applicationName).execute(db)).rows.map((row) => row.pid);
    if (after.length === before.length && after.every((pid) => !before.includes(pid))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect({ before, after }).toEqual({ before, after: 'as many new connections' });
}
