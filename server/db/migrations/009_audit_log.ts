import { sql, type Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect';

/** The message both dialects answer when anything tries to change or remove an audit row. */
export const AUDIT_APPEND_ONLY = 'audit_log is append-only';

/**
 * The audit trail of money and access changes (server/services/audit.ts). Rows are only ever added:
 * the database itself refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL), so neither a bug nor a
 * hand-typed statement can rewrite the history. There is no foreign key to users on purpose: an
 * account may be deleted later and its audit rows must stay (with the username copied in).
 */
export function auditLog(dialect: DialectName) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', t.id, (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', t.bigint)
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'created_at']).execute();

      if (dialect === 'postgres') {
        await sql`create function audit_log_refuse_change() returns trigger language plpgsql as $$
          begin
            raise exception 'audit_log is append-only';
          end;
        $$`.execute(db);
        await sql`create trigger audit_log_append_only before update or delete on audit_log
          for each row execute function audit_log_refuse_change()`.execute(db);
        await sql`create trigger audit_log_no_truncate before truncate on audit_log
          for each statement execute function audit_log_refuse_change()`.execute(db);
      } else {
        await sql`create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_delete before delete on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      }
    },
  };
}
