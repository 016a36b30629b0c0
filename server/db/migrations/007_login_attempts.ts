import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/**
 * Sign-in attempts per rate-limit key (address|username) in the current window, so that app servers
 * sharing one PostgreSQL database share the LOGIN_RATE_LIMIT count (server/services/loginAttempts.ts).
 */
export function loginAttempts(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        // Epoch milliseconds: the window is counted in the same unit @fastify/rate-limit uses.
        .addColumn('window_start_ms', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempts_window_idx').on('login_attempts').column('window_start_ms').execute();
    },
  };
}
