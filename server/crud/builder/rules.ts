import type { Kysely } from 'kysely';
import type { ResourceDeclaration } from '../../../schemas/crud/declaration';
import type { Database } from '../../db';
import { conflict, invalid } from '../../errors';
import { readTables } from '../introspect';
import { DeclarationError, declarationOf } from '../load';
import type { CrudRegistry } from '../registry';
import { CRUD_TABLES } from '../tableSync';

const SHOWN = 'declaration';

/** A declaration problem as the 422 envelope, keyed by its JSON path when it has one (the editor places it). */
function declarationProblem(error: DeclarationError): never {
  const problem = error.message.slice(SHOWN.length + 2);
  const path = /^(\/\S*)\s/.exec(problem)?.[1] ?? '';
  throw invalid(`The screen cannot be saved: ${problem}`, { [path]: [problem] });
}

/**
 * The builder's declaration: the same schema and rules as a file's, plus what only a browser-made screen must
 * respect: no server code (hooks), its own names, and a table the engine makes (never one of the application's).
 */
export async function builderDeclaration(
  database: Database,
  registry: CrudRegistry,
  data: unknown,
  own: ResourceDeclaration | null,
): Promise<ResourceDeclaration> {
  let declaration: ResourceDeclaration;
  try {
    declaration = declarationOf(data, SHOWN);
  } catch (error) {
    if (error instanceof DeclarationError) declarationProblem(error);
    throw error;
  }
  if (declaration.hooks !== undefined)
    throw invalid('A screen made in the builder cannot name hooks (server code): declare it in a file.', { hooks: ['Hooks are not allowed here.'] });
  if (own && declaration.namespace !== own.namespace)
    throw invalid('The namespace of a saved screen cannot change.', { namespace: ['The namespace cannot change.'] });
  if (own && declaration.table !== own.table) throw invalid('The table of a saved screen cannot change.', { table: ['The table cannot change.'] });
  for (const resource of registry.list()) {
    const other = resource.declaration;
    if (other.namespace === own?.namespace) continue;
    if (other.namespace === declaration.namespace) throw conflict(`The namespace "${declaration.namespace}" is already used by another screen.`);
    if (other.slug === declaration.slug) throw conflict(`The address "${declaration.slug}" is already used by another screen.`);
    if (other.table === declaration.table) throw conflict(`The table "${declaration.table}" already belongs to another screen.`);
  }
  if (!own) {
    const tables = await readTables(database);
    const owned = await (database.db as unknown as Kysely<any>)
      .selectFrom(CRUD_TABLES)
      .select('table_name')
      .where('table_name', '=', declaration.table)
      .executeTakeFirst();
    if (tables.has(declaration.table) && !owned) {
      throw invalid(`The table "${declaration.table}" belongs to the application: choose another table name.`, {
        table: ['This table belongs to the application.'],
      });
    }
  }
  return declaration;
}
