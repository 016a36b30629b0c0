import { sql, type Kysely } from 'kysely';
import type { ResourceDeclaration } from '../../../schemas/crud/declaration';
import type { SavePlan } from '../../../schemas/crud/builder';
import type { Field } from '../../../schemas/form/field';
import { formFields } from '../../../schemas/form/validate';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { conflict, invalid, notFound } from '../../errors';
import { readTables } from '../introspect';
import { convertColumn, copyColumn, countUnconvertible, dropUniqueIndex, renameColumn, repeatedValues } from './alter';
import { planChanges, storedByColumn } from './plan';
import { forgetRemoved, parsedDeclaration, readScreen, recordRemoved, removedFields, writeVersion, type RemovedField } from './store';

/** The PostgreSQL channel on which a save tells every app server to load the screens again. */
export const SCREENS_CHANNEL = 'crud_screens';

export const SCREEN_NOT_FOUND = 'This screen was not found in the screen builder.';
export const STALE_MESSAGE = 'Someone else saved this screen since you opened it: reload it to see their changes.';

export interface SaveRequest {
  declaration: ResourceDeclaration;
  /** Column renames in the order they are applied (a revert undoes several saves' renames one by one). */
  renames: Array<[string, string]>;
  conversions: Record<string, 'copy' | 'refuse'>;
  baseVersion: number | null;
  summary?: string;
  userId: number;
}

/** One map from the first name to the last, for the plan, from renames applied in order. */
export function composedRenames(renames: ReadonlyArray<[string, string]>): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [from, to] of renames) {
    const origin = Object.keys(map).find((key) => map[key] === from) ?? from;
    map[origin] = to;
  }
  for (const [from, to] of Object.entries(map)) if (from === to) delete map[from];
  return map;
}

/** The plan with the counts of stored values each type change would not convert. */
export async function countedPlan(
  db: Kysely<any>,
  before: ResourceDeclaration | null,
  after: ResourceDeclaration,
  renames: Record<string, string>,
): Promise<SavePlan> {
  const plan = planChanges(before, after, renames);
  if (!before) return plan;
  const next = storedByColumn(after);
  for (const change of plan.typeChanges) {
    const source = plan.renamed.find((rename) => rename.to === change.field)?.from ?? change.field;
    const { count, samples } = await countUnconvertible(db, before.table, source, next.get(change.field)!);
    Object.assign(change, { unconvertible: count, samples });
  }
  return plan;
}

function summaryOf(plan: SavePlan): string {
  if (plan.created) return 'Created';
  const parts = [
    plan.added.length > 0 ? `added ${plan.added.join(', ')}` : '',
    plan.renamed.length > 0 ? `renamed ${plan.renamed.map((rename) => `${rename.from} → ${rename.to}`).join(', ')}` : '',
    plan.removed.length > 0 ? `removed ${plan.removed.join(', ')}` : '',
    plan.typeChanges.length > 0 ? `changed the type of ${plan.typeChanges.map((change) => change.field).join(', ')}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'Changed the screen' : `${parts.join('; ')}`.replace(/^./, (first) => first.toUpperCase());
}

/** What a removed field keeps so that a restore puts it back where it was. */
function keptField(declaration: ResourceDeclaration, column: string): RemovedField {
  const ref = formFields(declaration.form ?? { tabs: {} }).find((candidate) => candidate.field.name === column);
  return { field: ref?.field as Field, tab: ref?.tab ?? '', column: declaration.columns[column] ?? null };
}

async function checkUnique(db: Kysely<any>, before: ResourceDeclaration | null, after: ResourceDeclaration, tableExists: boolean): Promise<void> {
  const had = new Set(before?.unique ?? []);
  const wants = new Set(after.unique ?? []);
  for (const column of had) if (!wants.has(column)) await dropUniqueIndex(db, after.table, column);
  if (!tableExists) return;
  for (const column of wants) {
    if (had.has(column)) continue;
    const repeated = await repeatedValues(db, after.table, column);
    if (repeated > 0)
      throw invalid(`${repeated} stored values are used more than once, so "${column}" cannot be unique.`, {
        [column]: [`${repeated} stored values are used more than once.`],
      });
  }
}

/**
 * Saves a screen in one transaction: the column changes (renames keep values; a type change that would lose
 * values needs the 'copy' choice and keeps the old values in a removed copy; removed fields keep their column),
 * the version row, and on PostgreSQL the announcement to the other app servers, sent at commit.
 */
export async function saveScreen(database: Database, request: SaveRequest): Promise<{ version: number; plan: SavePlan }> {
  const { declaration: after } = request;
  const exists = (await readTables(database)).has(after.table);
  return database.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<any>;
    const row = await readScreen(db, after.namespace, database.dialect === 'postgres');
    if (request.baseVersion === null && row) throw conflict(`The namespace "${after.namespace}" is already used by another screen.`);
    if (request.baseVersion !== null && !row) throw notFound(SCREEN_NOT_FOUND);
    if (row && row.version !== request.baseVersion) throw conflict(STALE_MESSAGE);
    const before = row ? parsedDeclaration(row) : null;
    const plan = await countedPlan(db, before, after, composedRenames(request.renames));
    if (plan.problems.length > 0) throw invalid(plan.problems[0]!, { renames: plan.problems });
    for (const change of plan.typeChanges) {
      if (change.unconvertible > 0 && request.conversions[change.field] !== 'copy') {
        const message = `${change.unconvertible} stored values would not convert.`;
        throw invalid(`"${change.field}": ${message}`, { [change.field]: [message] });
      }
    }
    const version = (row?.version ?? 0) + 1;
    const at = nowUtc();
    const table = after.table;
    for (const [from, to] of request.renames) await renameColumn(db, table, from, to);
    const previous = storedByColumn(before);
    const next = storedByColumn(after);
    for (const change of plan.typeChanges) {
      const source = plan.renamed.find((rename) => rename.to === change.field)?.from ?? change.field;
      const old = previous.get(source)!;
      if (change.unconvertible > 0) {
        const copy = `${change.field}__v${row!.version}`;
        await copyColumn(db, database.dialect, table, change.field, copy, old);
        const kept = keptField(before!, source);
        await recordRemoved(
          db,
          after.namespace,
          copy,
          { ...kept, field: { ...old, name: copy, label: `${old.label} (before version ${version})` }, column: null },
          version,
          at,
        );
      }
      await convertColumn(db, database.dialect, table, change.field, old, next.get(change.field)!);
    }
    for (const column of plan.removed) await recordRemoved(db, after.namespace, column, keptField(before!, column), version, at);
    await forgetRemoved(db, after.namespace, plan.added);
    await checkUnique(db, before, after, exists);
    const summary = request.summary ?? summaryOf(plan);
    await writeVersion(db, { namespace: after.namespace, declaration: after, version, renames: request.renames, summary, userId: request.userId, at });
    if (database.dialect === 'postgres') await sql`select pg_notify(${SCREENS_CHANNEL}, ${after.namespace})`.execute(db);
    return { version, plan };
  });
}

/** The stored screen or 404. */
export async function screenOr404(db: Kysely<any>, namespace: string) {
  const row = await readScreen(db, namespace);
  if (!row) throw notFound(SCREEN_NOT_FOUND);
  return row;
}

export { removedFields };
