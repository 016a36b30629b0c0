import { ACCESS_ACTIONS, ACCESS_OPERATORS, type ResourceDeclaration } from '../../schemas/crud/declaration';
import type { Field } from '../../schemas/form/field';
import type { Role } from '../../schemas/roles';

/** The four things a role may be allowed to do on a screen's rows. */
export { ACCESS_ACTIONS };
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** The row-filter operators of the `access` block. */
export const FILTER_OPERATORS = ACCESS_OPERATORS;
export type FilterOperator = (typeof ACCESS_OPERATORS)[number];

/** Where a filter's value comes from: typed in, or the signed-in user's id or vendor id. */
export type FilterValueKind = 'literal' | 'user' | 'vendor';

export interface FilterRow {
  /** A field's editor key, or a column every builder table has ('id', 'author_id'). */
  column: string;
  operator: FilterOperator;
  kind: FilterValueKind;
  /** Typed text; lists (_in, _nin) comma-separated; _null 'true' or 'false'. */
  value: string;
}

/** One cell of the permissions grid: allowed fields (editor keys, or all) and the row filter. */
export interface AccessRule {
  allFields: boolean;
  fields: string[];
  filters: FilterRow[];
}
export type AccessGrid = Partial<Record<Role, Partial<Record<AccessAction, AccessRule>>>>;

export interface OptionRow {
  label: string;
  value: string;
}

/** A field as the editor holds it: the declaration's field plus where it appears (tab, list, search, filters). */
export interface EditorField {
  /** Stable while editing, so a rename keeps the field's place in columns, sort and the permissions grid. */
  key: string;
  /** The name the saved screen knows the field by; none for a field added in this session. */
  savedName?: string;
  name: string;
  label: string;
  type: string;
  required: boolean;
  description: string;
  options: OptionRow[];
  /** Typed text; empty for none. */
  min: string;
  max: string;
  unique: boolean;
  tab: string;
  inList: boolean;
  columnLabel: string;
  sortable: boolean;
  searchable: boolean;
  filter: boolean;
  /** Properties of a loaded field the editor has no input for (money, document_type, …), kept as they were. */
  rest: Partial<Field>;
}

export interface EditorTab {
  /** The tab's identifier in the declaration (form.tabs key). */
  id: string;
  label: string;
}

export interface EditorState {
  namespace: string;
  slug: string;
  table: string;
  title: string;
  description: string;
  createTitle: string;
  editTitle: string;
  tabs: EditorTab[];
  fields: EditorField[];
  /** A field key, or '' for the engine's default order. */
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  bulkDelete: boolean;
  inMenu: boolean;
  menuGroup: string;
  menuGroupLabel: string;
  menuLabel: string;
  /** Typed text; empty for none. */
  menuOrder: string;
  access: AccessGrid;
  /** Declaration keys the editor has no input for (relations, fieldRules, …), kept as they were. */
  rest: Partial<ResourceDeclaration>;
}

/** The columns every builder table has besides its fields, offered in row filters. */
export const BUILT_IN_COLUMNS: readonly OptionRow[] = [
  { value: 'id', label: 'Id' },
  { value: 'author_id', label: 'Author' },
];

/** Types whose fields list options. */
export const OPTION_TYPES: readonly string[] = ['select', 'multiselect'];
/** Types whose fields take a minimum and a maximum. */
export const MINMAX_TYPES: readonly string[] = ['number'];

/** A field name from a label: 'Asking price' → 'asking_price'. */
export function nameFromLabel(label: string): string {
  const name = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(name) ? name : name === '' ? '' : `f_${name}`;
}

/** The namespace, slug and table a new screen gets from its title, until the administrator changes them. */
export function identifiersFromTitle(title: string): Pick<EditorState, 'namespace' | 'slug' | 'table'> {
  const name = nameFromLabel(title);
  const slug = name.replace(/_/g, '-');
  return { namespace: name === '' ? '' : `ns.${slug}`, slug, table: name };
}

let counter = 0;
/** A key no other field of this editor has. */
export function newFieldKey(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter}`;
}

export function newField(tab: string, key: string = newFieldKey()): EditorField {
  return {
    key,
    name: '',
    label: '',
    type: 'text',
    required: false,
    description: '',
    options: [],
    min: '',
    max: '',
    unique: false,
    tab,
    inList: true,
    columnLabel: '',
    sortable: true,
    searchable: false,
    filter: false,
    rest: {},
  };
}

/** What the builder starts a new screen with: one General tab, no fields, and the screen for administrators only. */
export function emptyState(): EditorState {
  return {
    namespace: '',
    slug: '',
    table: '',
    title: '',
    description: '',
    createTitle: '',
    editTitle: '',
    tabs: [{ id: 'general', label: 'General' }],
    fields: [],
    sortColumn: '',
    sortDirection: 'desc',
    bulkDelete: true,
    inMenu: true,
    menuGroup: 'screens',
    menuGroupLabel: 'Screens',
    menuLabel: '',
    menuOrder: '',
    access: adminsOnly(),
    rest: {},
  };
}

const EVERYTHING: AccessRule = { allFields: true, fields: [], filters: [] };

/** Both administrator roles may do everything; nobody else has an entry. */
export function adminsOnly(): AccessGrid {
  const all = () => Object.fromEntries(ACCESS_ACTIONS.map((action) => [action, { ...EVERYTHING }])) as Record<AccessAction, AccessRule>;
  return { administrator: all(), store_administrator: all() };
}

/** Renames made in this session, saved name → new name, for the save to keep the values. */
export function renamesOf(state: EditorState): Record<string, string> {
  const renames: Record<string, string> = {};
  for (const field of state.fields) {
    if (field.savedName !== undefined && field.savedName !== field.name && field.name !== '') renames[field.savedName] = field.name;
  }
  return renames;
}

/** A new label; a field not yet saved whose name still follows its label gets the new label's name. */
export function withLabel(field: EditorField, label: string): EditorField {
  const follows = field.savedName === undefined && field.name === nameFromLabel(field.label);
  return { ...field, label, ...(follows ? { name: nameFromLabel(label) } : {}) };
}

/** A new title; on a new screen the identifiers that still follow the title change with it. */
export function withTitle(state: EditorState, title: string, creating: boolean): EditorState {
  const before = identifiersFromTitle(state.title);
  const after = identifiersFromTitle(title);
  const next: EditorState = { ...state, title };
  if (!creating) return next;
  for (const key of ['namespace', 'slug', 'table'] as const) if (state[key] === before[key]) next[key] = after[key];
  return next;
}
