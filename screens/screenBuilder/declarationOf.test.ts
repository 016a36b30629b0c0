import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ResourceDeclarationSchema } from '../../schemas/crud/declaration';
import { declarationOf } from './declarationOf';
import { emptyState, newField, type EditorField, type EditorState } from './editorState';
import { stateOf } from './stateOf';

function field(key: string, patch: Partial<EditorField>): EditorField {
  return { ...newField('general', key), ...patch };
}

function intakeState(): EditorState {
  return {
    ...emptyState(),
    namespace: 'ns.consignment-intake',
    slug: 'consignment-intake',
    table: 'consignment_intake',
    title: 'Consignment Intake',
    tabs: [
      { id: 'general', label: 'General' },
      { id: 'pricing', label: 'Pricing' },
    ],
    fields: [
      field('a', { name: 'name', label: 'Name', required: true, searchable: true }),
      field('b', {
        name: 'condition',
        label: 'Condition',
        type: 'select',
        options: [
          { label: 'New', value: 'new' },
          { label: 'Used', value: 'used' },
        ],
        filter: true,
        inList: false,
      }),
      field('c', { name: 'asking_price', label: 'Asking price', type: 'number', min: '1', max: '', tab: 'pricing', columnLabel: 'Price', sortable: false }),
      field('d', { name: 'intake_number', label: 'Intake number', unique: true, inList: false }),
    ],
    sortColumn: 'a',
    sortDirection: 'asc',
    menuOrder: '5',
    access: { administrator: { read: { allFields: true, fields: [], filters: [] } }, manager: { read: { allFields: false, fields: ['a', 'c'], filters: [] } } },
  };
}

describe('declarationOf', () => {
  it('writes the JSON of a schemas/crud file with access and unique, and each field’s place', () => {
    const { declaration, paths } = declarationOf(intakeState());
    expect(declaration).toEqual({
      namespace: 'ns.consignment-intake',
      slug: 'consignment-intake',
      table: 'consignment_intake',
      labels: { list_title: 'Consignment Intake', create_title: 'Add Consignment Intake', edit_title: 'Edit Consignment Intake' },
      menu: { group: 'screens', groupLabel: 'Screens', label: 'Consignment Intake', order: 5 },
      permissions: { read: 'session.read', create: 'session.read', update: 'session.read', delete: 'session.read' },
      columns: {
        name: { label: 'Name', sortable: true },
        asking_price: { label: 'Price', sortable: false, type: 'number' },
      },
      search: ['name'],
      defaultSort: { column: 'name', direction: 'asc' },
      queryFilters: [
        {
          name: 'condition',
          label: 'Condition',
          type: 'select',
          options: [
            { label: 'New', value: 'new' },
            { label: 'Used', value: 'used' },
          ],
        },
      ],
      form: {
        tabs: {
          general: {
            label: 'General',
            fields: [
              { name: 'name', label: 'Name', type: 'text', validation: 'required' },
              {
                name: 'condition',
                label: 'Condition',
                type: 'select',
                options: [
                  { label: 'New', value: 'new' },
                  { label: 'Used', value: 'used' },
                ],
              },
              { name: 'intake_number', label: 'Intake number', type: 'text' },
            ],
          },
          pricing: { label: 'Pricing', fields: [{ name: 'asking_price', label: 'Asking price', type: 'number', validation: 'min:1' }] },
        },
      },
      bulkActions: [{ identifier: 'delete_selected', label: 'Delete Selected Entries', confirm: 'Would you like to delete selected entries ?' }],
      unique: ['intake_number'],
      access: { administrator: { read: {} }, manager: { read: { fields: ['name', 'asking_price'] } } },
    });
    expect(paths).toEqual({
      a: 'form.tabs.general.fields.0',
      b: 'form.tabs.general.fields.1',
      d: 'form.tabs.general.fields.2',
      c: 'form.tabs.pricing.fields.0',
    });
  });

  it('is a valid declaration, access block included', () => {
    const state = intakeState();
    state.access.vendor = { read: { allFields: true, fields: [], filters: [{ column: 'author_id', operator: '_in', kind: 'user', value: '' }] } };
    const { declaration } = declarationOf(state);
    expect(declaration.access?.vendor).toEqual({ read: { filter: { author_id: { _in: ['$CURRENT_USER'] } } } });
    expect([...Value.Errors(ResourceDeclarationSchema, declaration)].map((error) => `${error.path} ${error.message}`)).toEqual([]);
  });

  it('leaves out an empty tab and the menu when the screen is not in it', () => {
    const state = { ...intakeState(), inMenu: false, fields: intakeState().fields.filter((candidate) => candidate.tab === 'general') };
    const { declaration } = declarationOf(state);
    expect(Object.keys(declaration.form?.tabs ?? {})).toEqual(['general']);
    expect(declaration.menu).toBeUndefined();
  });

  it('reads back what it wrote, keeping properties it has no input for', () => {
    const { declaration } = declarationOf(intakeState());
    const withExtras = {
      ...declaration,
      searchMode: 'prefix' as const,
      form: {
        tabs: {
          ...declaration.form?.tabs,
          pricing: { label: 'Pricing', fields: [{ name: 'asking_price', label: 'Asking price', type: 'number', validation: 'min:1', money: true }] },
        },
      },
    };
    const again = declarationOf(stateOf(withExtras)).declaration;
    expect(again).toEqual(withExtras);
  });

  it('keeps the main field of a file, as the first field of the first tab', () => {
    const file = {
      namespace: 'ns.shelf',
      slug: 'shelf',
      table: 'shelf',
      labels: { list_title: 'Shelf' },
      permissions: { read: 'session.read' },
      columns: { name: { label: 'Name', sortable: true } },
      search: ['name'],
      form: {
        main: { name: 'name', label: 'Name', type: 'text', validation: 'required' },
        tabs: { general: { label: 'General', fields: [{ name: 'notes', label: 'Notes', type: 'text' }] } },
      },
    };
    const saved = declarationOf(stateOf(file)).declaration;
    expect(saved.form).toEqual({
      tabs: {
        general: {
          label: 'General',
          fields: [
            { name: 'name', label: 'Name', type: 'text', validation: 'required' },
            { name: 'notes', label: 'Notes', type: 'text' },
          ],
        },
      },
    });
  });
});
