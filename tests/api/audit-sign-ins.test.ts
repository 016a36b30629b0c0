import { describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';

/** The audit trail's row for a burst of refused sign-ins (server/services/audit/accounts.ts). */

describe.each(DIALECTS)('refused sign-ins on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '100' } });

  const signIn = (username: string, password: string) => t.call({ method: 'POST', url: `${API}/auth/login`, payload: { username, password } });
  const refusals = () => t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'auth.sign_in_refused').orderBy('id').execute();

  async function settled(count: number) {
    for (let attempt = 0; attempt < 100 && (await refusals()).length < count; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    return refusals();
  }

  it('records one row when the limiter starts refusing an address and username, not one per refusal', async () => {
    const codes: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) codes.push((await signIn('Cashier', `wrong-${attempt}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    for (let attempt = 0; attempt < 4; attempt++) expect((await signIn('nobody-here', 'x')).statusCode).toBe(attempt < 3 ? 401 : 429);

    const rows = await settled(2);
    // Give a stray duplicate the time to appear before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await refusals()).toHaveLength(2);
    const cashierId = (await t.database.db.selectFrom('users').select('id').where('username', '=', 'cashier').executeTakeFirstOrThrow()).id;
    expect(rows.map((row) => [row.user_id, row.username, row.address, row.entity_type, row.entity_id, row.before, JSON.parse(row.after!)])).toEqual([
      [cashierId, 'cashier', '127.0.0.1', 'user', cashierId, null, { username: 'cashier', refused_for_seconds: 60 }],
      [null, 'nobody-here', '127.0.0.1', 'user', null, null, { username: 'nobody-here', refused_for_seconds: 60 }],
    ]);
  });
});
