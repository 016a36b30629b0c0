import type { Kysely } from 'kysely';
import type { ConfigAnswer, CrudLinks } from '../../schemas/crud/list';
import { fieldTypeDefinition } from '../../schemas/fieldTypes';
import { can } from '../../schemas/permissions';
import type { Role } from '../../schemas/roles';
import { API_PREFIX } from '../plugins/access';
import { accessAllows } from './access';
import { bulkActionsFor, editPath, listPath } from './actions';
import { withTableOptions } from './options';
import { capabilityFor, type Operation, type Resource } from './resource';

/** Whether a role may do an operation on a resource (false when the declaration offers none or its access denies it). */
export function mayDo(resource: Resource, role: Role, operation: Operation): boolean {
  const capability = capabilityFor(resource.declaration, operation);
  return capability !== null && can(role, capability) && accessAllows(resource.declaration, role, operation);
}

/** Client paths, '#' where the role may not go; the API paths to submit to when it may write. */
export function linksFor(resource: Resource, role: Role, id: number | null = null): CrudLinks {
  const { declaration } = resource;
  const hasForm = declaration.form !== undefined;
  const mayCreate = hasForm && mayDo(resource, role, 'create');
  const mayUpdate = hasForm && mayDo(resource, role, 'update');
  const edit = editPath(declaration);
  const api = `${API_PREFIX}/crud/${declaration.namespace}`;
  return {
    list: listPath(declaration),
    create: mayCreate ? `${listPath(declaration)}/create` : '#',
    edit: mayUpdate ? (id === null ? edit : edit.replace('{id}', String(id))) : '#',
    ...(mayCreate ? { post: api } : {}),
    ...(mayUpdate ? { put: `${api}/${id === null ? '{id}' : id}` } : {}),
  };
}

/** GET …/config: what the list screen needs to draw itself. */
export async function configAnswer(db: Kysely<any>, resource: Resource, role: Role): Promise<ConfigAnswer> {
  const { declaration } = resource;
  const columns: ConfigAnswer['columns'] = {};
  // A column showing a stored field whose type words its own cells names that type (schemas/fieldTypes/).
  const cellTypes = new Map(resource.stored.filter(({ field }) => fieldTypeDefinition(field.type)?.cell).map(({ column, field }) => [column, field.type]));
  for (const [key, column] of Object.entries(declaration.columns)) {
    const field = column.source ? undefined : cellTypes.get(key);
    columns[key] = {
      label: column.label,
      ...(column.width !== undefined ? { width: column.width } : {}),
      ...(column.type !== undefined ? { type: column.type } : {}),
      ...(column.labels !== undefined ? { labels: column.labels } : {}),
      ...(field !== undefined ? { field } : {}),
      $ignoreSort: !column.sortable,
    };
  }
  return {
    columns,
    queryFilters: await withTableOptions(db, declaration.queryFilters ?? []),
    labels: declaration.labels,
    links: linksFor(resource, role),
    bulkActions: bulkActionsFor(declaration, role),
    prependOptions: false,
    showOptions: true,
    namespace: declaration.namespace,
  };
}
