import { beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { insertInChunks } from './crud-fixtures';

const EXPENSES = `${API}/crud/ns.expenses`;
const NOW = '2031-01-01 00:00:00';

interface FormField {
  name: string;
  value?: unknown;
  options?: Array<{ label: string; value: unknown }>;
}

/**
 * A select filled from a table offers the first 1,000 rows by label. 1,000 expense categories named 'Aa 0001'…
 * 'Aa 1000' sort before the demo's own categories and 'Zz Storage', so those are past the cap: an expense of
 * 'Zz Storage' must still open with its category offered and chosen, or the next save would lose it.
 */
describe.each(DIALECTS)('a select whose table holds more rows than it offers, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let manager: string;
  let expenseId: number;
  let storageId: number;

  const categoryField = async (url: string): Promise<FormField> => {
    const response = await t.call({ method: 'GET', url, cookie: manager });
    expect(response.statusCode, response.body).toBe(200);
    const tabs = response.json().form.tabs as Record<string, { fields: FormField[] }>;
    return tabs.general!.fields.find((field) => field.name === 'category_id')!;
  };

  beforeAll(async () => {
    manager = await t.login('manager');
    const db = t.database.db as unknown as Kysely<any>;
    const names = Array.from({ length: 1000 }, (_, index) => ({ name: `Aa ${String(index + 1).padStart(4, '0')}`, created_at: NOW, updated_at: NOW }));
    await insertInChunks(t, 'expense_categories', names, 250);
    storageId = Number(
      (await db.insertInto('expense_categories').values({ name: 'Zz Storage', created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow()).id,
    );
    const created = await t.call({
      method: 'POST',
      url: EXPENSES,
      cookie: manager,
      payload: { name: 'Back room', general: { category_id: storageId, value: 40 } },
    });
    expect(created.statusCode, created.body).toBe(200);
    expenseId = Number(created.json().data.entry.id);
  }, 60_000);

  it('offers the first 1,000 by label on a new entry, without the ones past them', async () => {
    const field = await categoryField(`${EXPENSES}/form-config`);
    expect(field.options).toHaveLength(1000);
    expect(field.options!.slice(0, 2).map((option) => option.label)).toEqual(['Aa 0001', 'Aa 0002']);
    expect(field.options!.at(-1)!.label).toBe('Aa 1000');
    expect(field.options!.some((option) => option.label === 'Zz Storage')).toBe(false);
  });

  it("offers an entry's own value past the cap, with its label, chosen", async () => {
    const field = await categoryField(`${EXPENSES}/form-config/${expenseId}`);
    expect(field.options).toHaveLength(1001);
    expect(field.options!.at(-1)).toEqual({ label: 'Zz Storage', value: storageId });
    expect(field.value).toBe(storageId);
  });
});
