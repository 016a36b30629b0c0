import type { FieldRule, ResourceDeclaration } from '../../schemas/crud/declaration';
import type { Form } from '../../schemas/form/field';
import { formFields } from '../../schemas/form/validate';
import type { Role } from '../../schemas/roles';
import { ALWAYS_VISIBLE, allowedFields, bothAllowed } from './access';
import { storedFields, type Resource } from './resource';

/**
 * What a screen shows a role: `read` for the list, its config, export and bulk actions; `create` for the new
 * entry's form; `edit` for an entry's form (fields the role may both read and update).
 */
export type AccessPurpose = 'read' | 'create' | 'edit';

function fieldsFor(declaration: ResourceDeclaration, role: Role, purpose: AccessPurpose): ReadonlySet<string> | null {
  if (purpose === 'create') return allowedFields(declaration, role, 'create');
  const read = allowedFields(declaration, role, 'read');
  return purpose === 'edit' ? bothAllowed(read, allowedFields(declaration, role, 'update')) : read;
}

function narrowForm(form: Form, keep: (name: string) => boolean): Form {
  const tabs: Form['tabs'] = {};
  for (const [name, tab] of Object.entries(form.tabs)) {
    const fields = tab.fields.filter((field) => keep(field.name));
    if (fields.length > 0) tabs[name] = { ...tab, fields };
  }
  return form.main && keep(form.main.name) ? { main: form.main, tabs } : { tabs };
}

function narrowRules(rules: readonly FieldRule[], keys: ReadonlySet<string>): FieldRule[] {
  return rules
    .filter((rule) => keys.has(rule.when.field))
    .map((rule) => ({
      ...rule,
      ...(rule.require ? { require: rule.require.filter((key) => keys.has(key)) } : {}),
      ...(rule.hideAndClear ? { hideAndClear: rule.hideAndClear.filter((key) => keys.has(key)) } : {}),
    }));
}

/**
 * The declaration as the role may see it: only the allowed list columns, searched columns, query filters
 * and form fields. Sorting or filtering by a hidden column is then refused (422) like an undeclared one,
 * and a search looks in the allowed columns only.
 */
function narrow(resource: Resource, allowed: ReadonlySet<string>): Resource {
  const { declaration } = resource;
  const keep = (name: string) => allowed.has(name) || ALWAYS_VISIBLE.has(name);
  const columns = Object.fromEntries(Object.entries(declaration.columns).filter(([key]) => keep(key)));
  const narrowed: ResourceDeclaration = { ...declaration, columns, search: declaration.search.filter(keep) };
  if (declaration.queryFilters) narrowed.queryFilters = declaration.queryFilters.filter((filter) => keep(filter.name));
  // Rows are not ordered by a value the role may not see; the id's order stands in.
  if (declaration.defaultSort && !keep(declaration.defaultSort.column)) delete narrowed.defaultSort;
  if (declaration.form) {
    const form = narrowForm(declaration.form, keep);
    const keys = new Set(formFields(form).map((ref) => ref.key));
    narrowed.form = form;
    if (declaration.fieldRules) narrowed.fieldRules = narrowRules(declaration.fieldRules, keys);
    if (declaration.disabledTabsWhenCreate) narrowed.disabledTabsWhenCreate = declaration.disabledTabsWhenCreate.filter((tab) => form.tabs[tab]);
  }
  return {
    ...resource,
    declaration: narrowed,
    fields: narrowed.form ? formFields(narrowed.form) : [],
    stored: storedFields(narrowed),
  };
}

const views = new WeakMap<Resource, Map<string, Resource>>();

/** The resource narrowed to what the role may see for the purpose; the resource itself when nothing is hidden. */
export function accessView(resource: Resource, role: Role, purpose: AccessPurpose): Resource {
  const allowed = fieldsFor(resource.declaration, role, purpose);
  if (allowed === null) return resource;
  let byRole = views.get(resource);
  if (!byRole) {
    byRole = new Map();
    views.set(resource, byRole);
  }
  const key = `${role}:${purpose}`;
  let view = byRole.get(key);
  if (!view) {
    view = narrow(resource, allowed);
    byRole.set(key, view);
  }
  return view;
}
