import { parseRules } from '../../schemas/form/rules';
import type { Field } from '../../schemas/form/field';
import { gridOf } from './accessBlock';
import type { BuilderDeclaration } from './declarationOf';
import { emptyState, newField, type EditorField, type EditorState } from './editorState';

/** The declaration keys the editor has inputs for; the rest are kept as loaded. */
const EDITED_KEYS = [
  'namespace',
  'slug',
  'table',
  'labels',
  'menu',
  'permissions',
  'columns',
  'search',
  'defaultSort',
  'queryFilters',
  'form',
  'bulkActions',
  'unique',
  'access',
] as const;

function editorField(field: Field, tab: string, declaration: BuilderDeclaration): EditorField {
  const { name, label, type, description, validation, options, ...rest } = field;
  const rules = parseRules(validation ?? '');
  const has = (ruleName: string) => rules.some((candidate) => candidate.name === ruleName);
  const bound = (ruleName: 'min' | 'max') => {
    const found = rules.find((candidate) => candidate.name === ruleName);
    return found && 'value' in found ? String(found.value) : '';
  };
  const column = declaration.columns[name];
  return {
    ...newField(tab, `saved:${name}`),
    savedName: name,
    name,
    label,
    type,
    required: has('required'),
    description: description ?? '',
    options: (options ?? []).map((option) => ({ label: option.label, value: option.value === null ? '' : String(option.value) })),
    min: bound('min'),
    max: bound('max'),
    unique: (declaration.unique ?? []).includes(name),
    inList: column !== undefined,
    columnLabel: column && column.label !== label ? column.label : '',
    sortable: column?.sortable ?? true,
    searchable: declaration.search.includes(name),
    filter: (declaration.queryFilters ?? []).some((filter) => filter.name === name),
    rest,
  };
}

/** The editor's state for a saved declaration (file or builder): the inverse of declarationOf. */
export function stateOf(declaration: BuilderDeclaration): EditorState {
  const base = emptyState();
  const tabs = Object.entries(declaration.form?.tabs ?? {});
  const firstTab = tabs[0]?.[0] ?? base.tabs[0]!.id;
  // A file's main field (above the tabs) becomes the first tab's first field: the same stored column, so a
  // save moves it in the form and changes nothing in the table.
  const main = declaration.form?.main ? [editorField(declaration.form.main, firstTab, declaration)] : [];
  const fields = [...main, ...tabs.flatMap(([tabId, tab]) => tab.fields.map((field) => editorField(field, tabId, declaration)))];
  const keys = new Map(fields.map((field) => [field.name, field.key]));
  const rest: Record<string, unknown> = { ...declaration };
  for (const key of EDITED_KEYS) delete rest[key];
  const menu = declaration.menu;
  return {
    ...base,
    namespace: declaration.namespace,
    slug: declaration.slug,
    table: declaration.table,
    title: declaration.labels.list_title,
    description: declaration.labels.list_description ?? '',
    createTitle: declaration.labels.create_title ?? '',
    editTitle: declaration.labels.edit_title ?? '',
    tabs: tabs.length > 0 ? tabs.map(([id, tab]) => ({ id, label: tab.label })) : base.tabs,
    fields,
    sortColumn: declaration.defaultSort ? (keys.get(declaration.defaultSort.column) ?? '') : '',
    sortDirection: declaration.defaultSort?.direction ?? 'desc',
    bulkDelete: (declaration.bulkActions ?? []).some((action) => action.identifier === 'delete_selected'),
    inMenu: menu !== undefined,
    menuGroup: menu?.group ?? base.menuGroup,
    menuGroupLabel: menu?.groupLabel ?? base.menuGroupLabel,
    menuLabel: menu && menu.label !== declaration.labels.list_title ? menu.label : '',
    menuOrder: menu?.order?.toString() ?? '',
    access: declaration.access ? gridOf(declaration.access, keys) : {},
    rest: rest as EditorState['rest'],
  };
}
