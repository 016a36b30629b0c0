import { beforeAll, expect } from 'vitest';
import { API, type DialectName } from './harness';
import { useTestApp } from './suite';

/**
 * What the audit-trail suites share: the app of the describe block, a session per role, and the Audit Log
 * list read as an administrator (the trail is compared with literal values through the API, never only
 * in the database).
 */

export const AUDIT = `${API}/crud/ns.audit-log`;
export const ROLES = ['admin', 'storeadmin', 'manager', 'cashier', 'vendor', 'customer'] as const;

export interface AuditRow {
  $id: number;
  created_at: string;
  username: string;
  address: string;
  action: string;
  entity_type: string;
  entity_id: number | null;
  before: Record<string, any> | null;
  after: Record<string, any> | null;
}

/** Call at the top of a describe block: builds its app and signs every role in before its tests. */
export function useAuditTrail(dialect: DialectName) {
  const t = useTestApp(dialect);
  const as: Record<(typeof ROLES)[number], string> = {} as never;

  /** The Audit Log list as the admin reads it (newest first), JSON columns parsed. */
  async function auditRows(filters: Record<string, unknown> = {}, cookie = as.admin): Promise<AuditRow[]> {
    const query = new URLSearchParams({ queryFilters: JSON.stringify(filters), per_page: '100' });
    const response = await t.call({ method: 'GET', url: `${AUDIT}?${query.toString()}`, cookie });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Array<Record<string, any>>).map((row) => ({
      ...row,
      before: row.before === null ? null : JSON.parse(row.before),
      after: row.after === null ? null : JSON.parse(row.after),
    })) as AuditRow[];
  }
  const rowsFor = async (action: string, entityId: number) => (await auditRows({ action })).filter((row) => row.entity_id === entityId);
  const auditCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const front = async () => (await t.database.db.selectFrom('cash_registers').select('id').where('name', '=', 'Front Till').executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    for (const role of ROLES) as[role] = await t.login(role);
  });

  return { t, as, auditRows, rowsFor, auditCount, front };
}
