import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { DB } from '../db/schema';
import { nowUtc } from '../db/time';
import { invalid } from '../errors';
import { rebuildSummaries } from './reports/summary';
import { businessDateOf, canonicalTimeZone, isTimeZone, TIME_ZONE_MESSAGE } from '../../schemas/format/businessTime';
import { DEFAULT_OPTIONS, OPTION_KEYS, type OptionKey, type OptionsUpdate, type SystemOptions } from '../../schemas/options';
import { statementTemplate } from '../db/template';

function isOptionKey(key: string): key is OptionKey {
  return (OPTION_KEYS as string[]).includes(key);
}

/** Options already read for a request: a request reads them once, however many of its steps ask. */
const optionsByRequest = new WeakMap<object, Promise<SystemOptions>>();

/**
 * Every option, stored values over defaults. With `request` (any object living as long as one request), the
 * first call reads and the later ones of the same request take that read.
 */
export function readOptions(database: Database, request?: object): Promise<SystemOptions> {
  if (!request) return readStoredOptions(database);
  let options = optionsByRequest.get(request);
  if (!options) optionsByRequest.set(request, (options = readStoredOptions(database)));
  return options;
}

async function readStoredOptions(database: Database): Promise<SystemOptions> {
  return optionsOf(await optionsQuery(database.db).execute());
}

/** The read behind readOptions, for a caller that sends it in a batch (server/db/batch.ts); optionsOf parses it. */
export function optionsQuery(db: Kysely<DB>) {
  return db.selectFrom('options').select(['key', 'value']);
}

/** Keeps options a batch read for `request`, so its later steps take them as readOptions would. */
export function keepRequestOptions(request: object, options: SystemOptions): void {
  optionsByRequest.set(request, Promise.resolve(options));
}

export function optionsOf(rows: ReadonlyArray<{ key: string; value: string }>): SystemOptions {
  const options: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const row of rows) {
    if (isOptionKey(row.key)) options[row.key] = JSON.parse(row.value) as unknown;
  }
  // A zone the platform no longer knows (an older time-zone database) falls back to the machine's.
  if (!isTimeZone(options.ns_store_timezone)) options.ns_store_timezone = DEFAULT_OPTIONS.ns_store_timezone;
  return options as SystemOptions;
}

/**
 * The store's time zone alone, read in the caller's transaction when given: what every business date
 * (order codes, vendor months, due days) is computed in.
 */
export async function storeTimeZone(db: Kysely<DB>): Promise<string> {
  const [row] = await zoneRead(db, {}).execute();
  return timeZoneOption(row?.value ?? null);
}

/** Many requests ask for the zone alone: its read is compiled once (server/db/template.ts). */
const zoneRead = statementTemplate((db) => db.selectFrom('options').select('value').where('key', '=', 'ns_store_timezone'));

/** The store's time zone from its stored option (JSON text, or null when never set), as storeTimeZone answers it. */
export function timeZoneOption(stored: string | null): string {
  const zone = stored !== null ? (JSON.parse(stored) as unknown) : undefined;
  return isTimeZone(zone) ? zone : DEFAULT_OPTIONS.ns_store_timezone;
}

/** Today's business date ('YYYY-MM-DD') on the store's calendar. */
export async function storeToday(db: Kysely<DB>, now: Date = new Date()): Promise<string> {
  return businessDateOf(now, await storeTimeZone(db));
}

/** Refuses a time zone the platform does not know (422) and stores the IANA spelling of one it does. */
function checkedChanges(changes: OptionsUpdate): OptionsUpdate {
  const zone = changes.ns_store_timezone;
  if (zone === undefined) return changes;
  if (!isTimeZone(zone)) throw invalid(TIME_ZONE_MESSAGE, { ns_store_timezone: [TIME_ZONE_MESSAGE] });
  return { ...changes, ns_store_timezone: canonicalTimeZone(zone) };
}

/** Stores the given options in one transaction (already validated against OptionsUpdateSchema); a new time zone rebuilds the report summaries in it. */
export async function writeOptions(database: Database, changes: OptionsUpdate): Promise<SystemOptions> {
  const now = nowUtc();
  const entries = Object.entries(checkedChanges(changes)).filter(([key, value]) => isOptionKey(key) && value !== undefined);
  await database.db.transaction().execute(async (trx) => {
    const zone = entries.find(([key]) => key === 'ns_store_timezone')?.[1];
    const zoneMoves = zone !== undefined && zone !== (await storeTimeZone(trx));
    for (const [key, value] of entries) {
      await trx
        .insertInto('options')
        .values({ key, value: JSON.stringify(value), updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
        .execute();
    }
    // The report summaries are per store day: another zone moves sales to other days, so they are rebuilt
    // in the same transaction (a reader never sees days of two zones).
    if (zoneMoves) await rebuildSummaries(trx);
  });
  return readOptions(database);
}
