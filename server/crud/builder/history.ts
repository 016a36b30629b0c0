import type { Kysely } from 'kysely';
import type { ResourceDeclaration } from '../../../schemas/crud/declaration';
import type { Field } from '../../../schemas/form/field';
import type { Database } from '../../db';
import { nowUtc } from '../../db/time';
import { invalid, notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../../services/audit/record';
import { dropColumn } from './alter';
import { saveScreen, screenOr404 } from './save';
import { forgetRemoved, parsedDeclaration, removedFields, screenLabel, writeVersion } from './store';
import { declarationOf } from '../load';

export const VERSION_NOT_FOUND = 'This version of the screen was not found.';

export async function versionDeclaration(db: Kysely<any>, namespace: string, version: number): Promise<ResourceDeclaration> {
  const row = await db
    .selectFrom('crud_screen_versions')
    .select('declaration')
    .where('namespace', '=', namespace)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return declarationOf(JSON.parse(String(row.declaration)), screenLabel(namespace));
}

/**
 * Saves an earlier version again as a new one: the renames made since are undone in reverse order (the values
 * follow), fields removed since come back with their values, fields added since are removed (kept).
 */
export async function revertScreen(database: Database, namespace: string, version: number, userId: number): Promise<number> {
  const db = database.db as unknown as Kysely<any>;
  const row = await screenOr404(db, namespace);
  const target = await versionDeclaration(db, namespace, version);
  const later = await db
    .selectFrom('crud_screen_versions')
    .select(['version', 'renames'])
    .where('namespace', '=', namespace)
    .where('version', '>', version)
    .orderBy('version', 'desc')
    .execute();
  const undo: Array<[string, string]> = later.flatMap((entry) =>
    (JSON.parse(String(entry.renames)) as Array<[string, string]>)
      .slice()
      .reverse()
      .map(([from, to]): [string, string] => [to, from]),
  );
  // A revert never loses values: a type change back keeps the values that would not convert in a removed copy.
  const saved = await saveScreen(database, {
    declaration: target,
    renames: undo,
    conversions: Object.fromEntries(storedNames(target).map((name) => [name, 'copy' as const])),
    baseVersion: row.version,
    summary: `Reverted to version ${version}`,
    userId,
  });
  return saved.version;
}

const storedNames = (declaration: ResourceDeclaration) =>
  declaration.form
    ? Object.values(declaration.form.tabs)
        .flatMap((tab) => tab.fields.map((field) => field.name))
        .concat(declaration.form.main ? [declaration.form.main.name] : [])
    : [];

/** Puts a removed field back where it was (its tab, its list column): its column still holds its values. */
export async function restoreField(database: Database, namespace: string, name: string, userId: number): Promise<number> {
  const db = database.db as unknown as Kysely<any>;
  const row = await screenOr404(db, namespace);
  const kept = (await removedFields(db, namespace)).get(name);
  if (!kept) throw notFound('This field is not among the removed fields of the screen.');
  const declaration = structuredClone(parsedDeclaration(row));
  const form = (declaration.form ??= { tabs: {} });
  const field = kept.field as Field;
  if (kept.tab === '' && !form.main) form.main = field;
  else {
    const tab = kept.tab === '' ? (Object.keys(form.tabs)[0] ?? 'general') : kept.tab;
    form.tabs[tab] ??= { label: tab.replace(/^./, (first) => first.toUpperCase()), fields: [] };
    form.tabs[tab]!.fields.push(field);
  }
  if (kept.column) declaration.columns[name] = kept.column;
  const saved = await saveScreen(database, { declaration, renames: [], conversions: {}, baseVersion: row.version, summary: `Restored ${name}`, userId });
  return saved.version;
}

/** Drops a removed field's column and values for good; the administrator types the field's name to confirm. */
export async function purgeField(database: Database, namespace: string, name: string, confirm: string, actor: AuditActor): Promise<number> {
  if (confirm !== name) throw invalid('Type the name of the field to purge it.', { confirm: [`Type "${name}" to confirm.`] });
  return database.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<any>;
    const row = await screenOr404(db, namespace);
    const kept = (await removedFields(db, namespace)).get(name);
    if (!kept) throw notFound('This field is not among the removed fields of the screen.');
    await dropColumn(db, row.table_name, name);
    await forgetRemoved(db, namespace, [name]);
    const version = row.version + 1;
    const at = nowUtc();
    await writeVersion(db, { namespace, declaration: parsedDeclaration(row), version, renames: [], summary: `Purged ${name}`, userId: actor.userId, at });
    await recordAudit(
      db,
      actor,
      { action: 'screen.field_purge', entityType: 'screen', entityId: null, before: { screen: namespace, field: name, label: kept.field.label } },
      at,
    );
    return version;
  });
}
