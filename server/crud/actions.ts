import { API_PREFIX } from '../plugins/access';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import type { ListRowAction } from '../../schemas/crud/list';
import { can, isCapability } from '../../schemas/permissions';
import type { Role } from '../../schemas/roles';
import { accessAllows } from './access';
import { capabilityFor } from './resource';

export const DELETE_SELECTED = 'delete_selected';
export const DELETE_CONFIRM = 'Would you like to delete this ?';

type RowActionDeclaration = NonNullable<ResourceDeclaration['rowActions']>[number];
type BulkActionDeclaration = NonNullable<ResourceDeclaration['bulkActions']>[number];

export const entryApiPath = (declaration: ResourceDeclaration) => `${API_PREFIX}/crud/${declaration.namespace}/{id}`;
export const listPath = (declaration: ResourceDeclaration) => `/dashboard/${declaration.slug}`;
export const editPath = (declaration: ResourceDeclaration) => `/dashboard/${declaration.slug}/edit/{id}`;

function mayUse(declaration: ResourceDeclaration, role: Role, operation: 'read' | 'create' | 'update' | 'delete'): boolean {
  const capability = capabilityFor(declaration, operation);
  return capability !== null && can(role, capability) && accessAllows(declaration, role, operation);
}

/** Edit and delete, for declarations that list no row actions of their own. */
function defaultRowActions(declaration: ResourceDeclaration): RowActionDeclaration[] {
  const actions: RowActionDeclaration[] = [];
  if (declaration.form) actions.push({ identifier: 'edit', label: 'Edit', type: 'GOTO', url: editPath(declaration) });
  actions.push({ identifier: 'delete', label: 'Delete', type: 'DELETE', url: entryApiPath(declaration), confirm: { message: DELETE_CONFIRM } });
  return actions;
}

/**
 * The row actions a role may use, {id} still in their urls. An action's own capability decides
 * when given; otherwise DELETE needs the delete permission, edit links the update one, the rest read.
 */
export function rowActionsFor(declaration: ResourceDeclaration, role: Role): ListRowAction[] {
  const actions = declaration.rowActions ?? defaultRowActions(declaration);
  const allowed: ListRowAction[] = [];
  for (const action of actions) {
    const url = action.url ?? (action.type === 'DELETE' ? entryApiPath(declaration) : action.type === 'GOTO' ? editPath(declaration) : undefined);
    let permitted: boolean;
    if (action.capability !== undefined) permitted = isCapability(action.capability) && can(role, action.capability);
    else if (action.type === 'DELETE') permitted = mayUse(declaration, role, 'delete');
    else if (action.type === 'GOTO' && url === editPath(declaration)) permitted = mayUse(declaration, role, 'update');
    else permitted = mayUse(declaration, role, 'read');
    if (!permitted) continue;
    allowed.push({
      identifier: action.identifier,
      label: action.label,
      type: action.type,
      ...(url !== undefined ? { url } : {}),
      ...(action.component !== undefined ? { component: action.component } : {}),
      ...(action.confirm !== undefined ? { confirm: action.confirm } : {}),
    });
  }
  return allowed;
}

/** The actions of one row: {id} replaced. */
export function actionsForRow(actions: readonly ListRowAction[], id: number): ListRowAction[] {
  const text = String(id);
  return actions.map((action) => (action.url !== undefined && action.url.includes('{id}') ? { ...action, url: action.url.replaceAll('{id}', text) } : action));
}

/**
 * The bulk actions a role may use: the declared ones (an action's own capability decides when given;
 * otherwise delete_selected needs the delete permission, a POPUP the read one, others the update one),
 * or delete_selected alone when none are declared.
 */
export function bulkActionsFor(declaration: ResourceDeclaration, role: Role): BulkActionDeclaration[] {
  const declared = declaration.bulkActions ?? [
    { identifier: DELETE_SELECTED, label: 'Delete Selected Entries', confirm: 'Would you like to delete selected entries ?' },
  ];
  return declared.filter((action) => {
    if (action.capability !== undefined) return isCapability(action.capability) && can(role, action.capability);
    return mayUse(declaration, role, action.identifier === DELETE_SELECTED ? 'delete' : action.type === 'POPUP' ? 'read' : 'update');
  });
}
