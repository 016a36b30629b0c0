import { formFields } from '../../schemas/form/validate';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import type { TableColumns } from './introspect';
import { accessTableProblem } from './access';
import { DeclarationError, type LoadedDeclaration } from './load';
import { moneyColumns, ownColumn, storedFields, type ColumnKind, type Resource } from './resource';
import { ftsColumnsByTable, ftsTableName, indexedSearchColumns } from './substringIndex';

type Tables = Map<string, TableColumns>;

/** Every column the declaration reads or writes exists, or the first that does not, as a sentence. */
function missingColumn(declaration: ResourceDeclaration, tables: Tables, owned: boolean): string | null {
  const { table } = declaration;
  const columns = tables.get(table);
  if (!columns) return `table "${table}" does not exist.`;
  const fix = owned ? '' : ' Add it in a migration, or change the declaration.';
  const needs: Array<[string, string]> = [['id', 'the row id']];
  for (const { key, column } of storedFields(declaration)) needs.push([column, `form field "${key}"`]);
  for (const [key, column] of Object.entries(declaration.columns)) if (!column.source) needs.push([key, `list column "${key}"`]);
  for (const name of declaration.search) {
    const own = ownColumn(declaration, name);
    if (own) needs.push([own, `search column "${name}"`]);
  }
  for (const filter of declaration.queryFilters ?? []) {
    const own = ownColumn(declaration, filter.name);
    if (own) needs.push([own, `query filter "${filter.name}"`]);
  }
  for (const scope of declaration.scope ?? []) needs.push([scope.column, 'the scope']);
  for (const relation of declaration.relations ?? []) needs.push([relation.localColumn, `relation "${relation.as}"`]);
  for (const [column, purpose] of needs) {
    if (!columns.has(column)) return `table "${table}" has no column "${column}" for ${purpose}.${fix}`;
  }
  return null;
}

function missingRelated(declaration: ResourceDeclaration, tables: Tables): string | null {
  for (const relation of declaration.relations ?? []) {
    const related = tables.get(relation.table);
    if (!related) return `relation "${relation.as}" joins table "${relation.table}", which does not exist.`;
    const foreign = relation.foreignColumn ?? 'id';
    if (!related.has(foreign)) return `relation "${relation.as}": table "${relation.table}" has no column "${foreign}".`;
    for (const [key, column] of Object.entries(declaration.columns)) {
      const [alias, name = ''] = column.source?.split('.') ?? [];
      if (alias === relation.as && !related.has(name)) return `column "${key}" reads "${column.source}" but table "${relation.table}" has no column "${name}".`;
    }
  }
  const fields = [...(declaration.form ? formFields(declaration.form).map((ref) => ref.field) : []), ...(declaration.queryFilters ?? [])];
  for (const field of fields) {
    if (!field.optionsFrom) continue;
    const { table, label, value = 'id' } = field.optionsFrom;
    const source = tables.get(table);
    if (!source) return `field "${field.name}" reads its options from table "${table}", which does not exist.`;
    for (const column of [label, value]) if (!source.has(column)) return `field "${field.name}" reads options from "${table}.${column}", which does not exist.`;
  }
  return null;
}

/** The kinds of the declaration's columns that read a joined table (checked by missingRelated), by their source. */
function joinedKinds(declaration: ResourceDeclaration, tables: Tables): Map<string, ColumnKind> {
  const kinds = new Map<string, ColumnKind>();
  for (const column of Object.values(declaration.columns)) {
    const [alias, name = ''] = column.source?.split('.') ?? [];
    const relation = declaration.relations?.find((candidate) => candidate.as === alias);
    const kind = relation ? tables.get(relation.table)?.get(name) : undefined;
    if (kind) kinds.set(column.source!, kind);
  }
  return kinds;
}

/** Binds each loaded declaration to its table; throws a DeclarationError naming the file when a column is missing. */
export function bindResources(loaded: readonly LoadedDeclaration[], tables: Tables, owned: ReadonlySet<string>): Resource[] {
  const fts = ftsColumnsByTable(
    loaded.map((entry) => entry.declaration),
    (table) => tables.get(table),
  );
  return loaded.map(({ declaration, file, hooks }) => {
    const isOwned = owned.has(declaration.table);
    const problem = missingColumn(declaration, tables, isOwned) ?? missingRelated(declaration, tables);
    if (problem) throw new DeclarationError(file, problem);
    const columns = tables.get(declaration.table)!;
    const accessProblem = accessTableProblem(declaration, columns, moneyColumns({ declaration, stored: storedFields(declaration) }));
    if (accessProblem) throw new DeclarationError(file, accessProblem);
    // The shared table answers a declaration only when it covers every column the declaration searches.
    const ftsColumns = indexedSearchColumns(declaration, columns) ? fts.get(declaration.table) : undefined;
    const searchIndex = ftsColumns ? ftsTableName(declaration.table, ftsColumns) : undefined;
    return {
      declaration,
      file,
      hooks,
      fields: declaration.form ? formFields(declaration.form) : [],
      stored: storedFields(declaration),
      table: { owned: isOwned, columns, joined: joinedKinds(declaration, tables) },
      // Only SQLite has the FTS5 table; PostgreSQL's trigram indexes need nothing from the query.
      ...(searchIndex && tables.has(searchIndex) ? { searchIndex } : {}),
    };
  });
}
