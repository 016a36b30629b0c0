import type { ColumnSchema, ResourceDeclaration } from '../../schemas/crud/declaration';
import type { Field, Tab } from '../../schemas/form/field';
import type { Static } from '@sinclair/typebox';
import { accessBlockOf, type AccessBlock } from './accessBlock';
import { MINMAX_TYPES, OPTION_TYPES, type EditorField, type EditorState } from './editorState';

/** A builder declaration: the file format plus the `access` and `unique` blocks the server adds. */
export type BuilderDeclaration = ResourceDeclaration & { access?: AccessBlock; unique?: string[] };

/** Builder screens leave the decision to `access`: every signed-in role passes the capability check. */
export const BUILDER_PERMISSIONS = { read: 'session.read', create: 'session.read', update: 'session.read', delete: 'session.read' } as const;

export const DELETE_SELECTED_ACTION = {
  identifier: 'delete_selected',
  label: 'Delete Selected Entries',
  confirm: 'Would you like to delete selected entries ?',
} as const;

type Column = Static<typeof ColumnSchema>;

/** The list column type that shows a field type's values. */
function columnType(type: string): Column['type'] {
  if (type === 'number') return 'number';
  if (type === 'date' || type === 'datetimepicker') return 'date';
  if (type === 'checkbox' || type === 'switch') return 'boolean';
  return undefined;
}

function validationOf(field: EditorField): string | undefined {
  const rules: string[] = [];
  if (field.required) rules.push('required');
  if (MINMAX_TYPES.includes(field.type)) {
    if (field.min.trim() !== '' && Number.isFinite(Number(field.min))) rules.push(`min:${Number(field.min)}`);
    if (field.max.trim() !== '' && Number.isFinite(Number(field.max))) rules.push(`max:${Number(field.max)}`);
  }
  return rules.length > 0 ? rules.join('|') : undefined;
}

/** The declaration's form field for an editor field: what the editor says over what it kept untouched. */
export function formFieldOf(field: EditorField): Field {
  const { validation: _validation, options: _options, description: _description, ...rest } = field.rest;
  const declared: Field = { ...rest, name: field.name, label: field.label, type: field.type };
  if (field.description.trim() !== '') declared.description = field.description;
  const validation = validationOf(field);
  if (validation !== undefined) declared.validation = validation;
  if (OPTION_TYPES.includes(field.type)) declared.options = field.options.filter((option) => option.label !== '' || option.value !== '');
  return declared;
}

export interface BuiltDeclaration {
  declaration: BuilderDeclaration;
  /** Each field's place in the declaration ('form.tabs.general.fields.2'), by editor key, to put the server's errors back on the inputs. */
  paths: Record<string, string>;
}

/** The declaration the editor's state stands for: exactly the JSON of a schemas/crud file plus `access` and `unique`. */
export function declarationOf(state: EditorState): BuiltDeclaration {
  const names = new Map(state.fields.map((field) => [field.key, field.name]));
  const paths: Record<string, string> = {};
  const tabs: Record<string, Tab> = {};
  for (const tab of state.tabs) {
    const fields = state.fields.filter((field) => field.tab === tab.id);
    // An empty tab would show an empty page in the form.
    if (fields.length === 0) continue;
    fields.forEach((field, index) => (paths[field.key] = `form.tabs.${tab.id}.fields.${index}`));
    tabs[tab.id] = { label: tab.label, fields: fields.map(formFieldOf) };
  }
  const columns: Record<string, Column> = {};
  for (const field of state.fields.filter((candidate) => candidate.inList)) {
    const type = columnType(field.type);
    columns[field.name] = { label: field.columnLabel.trim() || field.label, sortable: field.sortable, ...(type ? { type } : {}) };
  }
  const queryFilters = state.fields
    .filter((field) => field.filter)
    .map((field): Field => {
      const filter: Field = { name: field.name, label: field.label, type: field.type };
      if (OPTION_TYPES.includes(field.type)) filter.options = formFieldOf(field).options ?? [];
      return filter;
    });
  const title = state.title.trim();
  const unique = state.fields.filter((field) => field.unique).map((field) => field.name);
  const sortName = names.get(state.sortColumn);
  const order = Number(state.menuOrder);

  const declaration: BuilderDeclaration = {
    ...state.rest,
    namespace: state.namespace,
    slug: state.slug,
    table: state.table,
    labels: {
      list_title: title,
      ...(state.description.trim() !== '' ? { list_description: state.description.trim() } : {}),
      create_title: state.createTitle.trim() || `Add ${title}`,
      edit_title: state.editTitle.trim() || `Edit ${title}`,
    },
    ...(state.inMenu
      ? {
          menu: {
            group: state.menuGroup,
            groupLabel: state.menuGroupLabel,
            label: state.menuLabel.trim() || title,
            ...(state.menuOrder.trim() !== '' && Number.isFinite(order) ? { order } : {}),
          },
        }
      : {}),
    permissions: { ...BUILDER_PERMISSIONS },
    columns,
    search: state.fields.filter((field) => field.searchable).map((field) => field.name),
    ...(sortName ? { defaultSort: { column: sortName, direction: state.sortDirection } } : {}),
    queryFilters,
    form: { tabs },
    bulkActions: state.bulkDelete ? [{ ...DELETE_SELECTED_ACTION }] : [],
    ...(unique.length > 0 ? { unique } : {}),
    access: accessBlockOf(state.access, names),
  };
  return { declaration, paths };
}
