import type { Database } from '../db';
import { nowUtc } from '../db/time';
import { DEFAULT_OPTIONS, OPTION_KEYS, type OptionKey, type OptionsUpdate, type SystemOptions } from '../../schemas/options';

function isOptionKey(key: string): key is OptionKey {
  return (OPTION_KEYS as string[]).includes(key);
}

/** Every option, stored values over defaults. */
export async function readOptions(database: Database): Promise<SystemOptions> {
  const rows = await database.db.selectFrom('options').select(['key', 'value']).execute();
  const options: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const row of rows) {
    if (isOptionKey(row.key)) options[row.key] = JSON.parse(row.value) as unknown;
  }
  return options as SystemOptions;
}

/** Stores the given options in one transaction (already validated against OptionsUpdateSchema). */
export async function writeOptions(database: Database, changes: OptionsUpdate): Promise<SystemOptions> {
  const now = nowUtc();
  const entries = Object.entries(changes).filter(([key, value]) => isOptionKey(key) && value !== undefined);
  await database.db.transaction().execute(async (trx) => {
    for (const [key, value] of entries) {
      await trx
        .insertInto('options')
        .values({ key, value: JSON.stringify(value), updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
        .execute();
    }
  });
  return readOptions(database);
}
