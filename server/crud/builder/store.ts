import { sql, type Kysely } from 'kysely';
import type { ResourceDeclaration } from '../../../schemas/crud/declaration';
import type { RemovedFieldAnswer } from '../../../schemas/crud/builder';
import type { Field } from '../../../schemas/form/field';
import { DeclarationError, declarationOf, type LoadedDeclaration } from '../load';
import { NO_HOOKS } from '../hooks';

/** The screen builder's rows: crud_screens (current), crud_screen_versions (history), crud_removed_fields. */

export interface ScreenRow {
  namespace: string;
  slug: string;
  table_name: string;
  declaration: string;
  version: number;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

/** What a removed field keeps for a restore: the field, its tab ('' for the main field) and its list column. */
export interface RemovedField {
  field: Field;
  tab: string;
  column: ResourceDeclaration['columns'][string] | null;
}

export const screenLabel = (namespace: string) => `screen "${namespace}" (saved in the screen builder)`;

export async function readScreen(db: Kysely<any>, namespace: string, lock = false): Promise<ScreenRow | undefined> {
  const query = db.selectFrom('crud_screens').selectAll().where('namespace', '=', namespace);
  return (lock ? query.forUpdate() : query).executeTakeFirst() as Promise<ScreenRow | undefined>;
}

export const parsedDeclaration = (row: Pick<ScreenRow, 'declaration' | 'namespace'>): ResourceDeclaration =>
  declarationOf(JSON.parse(row.declaration), screenLabel(row.namespace));

/**
 * Every stored screen that still checks out, for the engine to serve beside the files; one that no longer does
 * (a field type an integrator removed) is reported and left out, never stopping the start.
 */
export async function storedDeclarations(db: Kysely<any>, report: (message: string) => void): Promise<LoadedDeclaration[]> {
  const rows = (await db.selectFrom('crud_screens').selectAll().orderBy('namespace').execute()) as ScreenRow[];
  const loaded: LoadedDeclaration[] = [];
  for (const row of rows) {
    try {
      loaded.push({ declaration: parsedDeclaration(row), file: screenLabel(row.namespace), hooks: NO_HOOKS });
    } catch (error) {
      report(error instanceof DeclarationError ? error.message : `${screenLabel(row.namespace)}: ${String(error)}`);
    }
  }
  return loaded;
}

export interface VersionWrite {
  namespace: string;
  declaration: ResourceDeclaration;
  version: number;
  renames: Array<[string, string]>;
  summary: string;
  userId: number | null;
  at: string;
}

/** The screen's current row and its version row, in the caller's transaction. */
export async function writeVersion(db: Kysely<any>, write: VersionWrite): Promise<void> {
  const json = JSON.stringify(write.declaration);
  const { namespace, version, at, userId } = write;
  if (version === 1) {
    await db
      .insertInto('crud_screens')
      .values({
        namespace,
        slug: write.declaration.slug,
        table_name: write.declaration.table,
        declaration: json,
        version,
        created_at: at,
        updated_at: at,
        updated_by: userId,
      })
      .execute();
  } else {
    await db
      .updateTable('crud_screens')
      .set({ slug: write.declaration.slug, declaration: json, version, updated_at: at, updated_by: userId })
      .where('namespace', '=', namespace)
      .execute();
  }
  await db
    .insertInto('crud_screen_versions')
    .values({ namespace, version, declaration: json, renames: JSON.stringify(write.renames), summary: write.summary, author_id: userId, created_at: at })
    .execute();
}

export async function removedFields(
  db: Kysely<any>,
  namespace: string,
): Promise<Map<string, RemovedField & { removed_at: string; removed_in_version: number }>> {
  const rows = await db.selectFrom('crud_removed_fields').selectAll().where('namespace', '=', namespace).orderBy('removed_at').execute();
  return new Map(
    rows.map((row) => [
      String(row.name),
      { ...(JSON.parse(String(row.field)) as RemovedField), removed_at: row.removed_at, removed_in_version: row.removed_in_version },
    ]),
  );
}

export function removedAnswer(removed: Awaited<ReturnType<typeof removedFields>>): RemovedFieldAnswer[] {
  return [...removed].map(([name, entry]) => ({
    name,
    label: entry.field.label,
    type: entry.field.type,
    removed_at: entry.removed_at,
    removed_in_version: entry.removed_in_version,
  }));
}

export async function recordRemoved(db: Kysely<any>, namespace: string, name: string, kept: RemovedField, version: number, at: string): Promise<void> {
  await db.deleteFrom('crud_removed_fields').where('namespace', '=', namespace).where('name', '=', name).execute();
  await db
    .insertInto('crud_removed_fields')
    .values({ namespace, name, field: JSON.stringify(kept), removed_at: at, removed_in_version: version })
    .execute();
}

export async function forgetRemoved(db: Kysely<any>, namespace: string, names: readonly string[]): Promise<void> {
  if (names.length > 0) await db.deleteFrom('crud_removed_fields').where('namespace', '=', namespace).where('name', 'in', names).execute();
}

export interface ScreenListRow {
  namespace: string;
  slug: string;
  title: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
  fields: number;
}

export async function listScreens(db: Kysely<any>, page: number, perPage: number, search: string): Promise<{ rows: ScreenListRow[]; total: number }> {
  const where =
    search === ''
      ? sql`1 = 1`
      : sql`(lower(s.namespace) like ${`%${search.toLowerCase()}%`} or lower(s.declaration) like ${`%"list_title":"%${search.toLowerCase()}%`})`;
  const [count, rows] = await Promise.all([
    sql<{ n: number }>`select count(*) as n from crud_screens s where ${where}`.execute(db),
    sql<ScreenRow & { username: string | null }>`select s.*, u.username from crud_screens s left join users u on u.id = s.updated_by
      where ${where} order by s.updated_at desc, s.namespace limit ${perPage} offset ${(page - 1) * perPage}`.execute(db),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.rows.map((row) => {
      const declaration = JSON.parse(row.declaration) as ResourceDeclaration;
      const fieldCount = declaration.form
        ? Object.values(declaration.form.tabs).reduce((sum, tab) => sum + tab.fields.length, declaration.form.main ? 1 : 0)
        : 0;
      return {
        namespace: row.namespace,
        slug: row.slug,
        title: declaration.labels.list_title,
        version: Number(row.version),
        updated_at: row.updated_at,
        updated_by: row.username,
        fields: fieldCount,
      };
    }),
  };
}
