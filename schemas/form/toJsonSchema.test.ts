import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../crud/declaration';
import type { Form } from './field';
import { formValuesOf } from './formValues';
import { toJsonSchema, type JsonSchema, type UiSchemaNode } from './toJsonSchema';

const FORM: Form = {
  main: { name: 'name', label: 'Name', type: 'text', validation: 'required|max:191' },
  tabs: {
    general: {
      label: 'General',
      fields: [
        { name: 'email', label: 'Email', type: 'email', validation: 'required|email' },
        { name: 'code', label: 'Code', type: 'text', validation: ['min:3', 'max:8'] },
        { name: 'price', label: 'Price', type: 'number', money: true, validation: 'min:0|max:1000' },
        { name: 'active', label: 'Active', type: 'checkbox' },
        {
          name: 'status',
          label: 'Status',
          type: 'select',
          options: [
            { label: 'On', value: 'on' },
            { label: 'Off', value: 'off' },
          ],
        },
        {
          name: 'category_id',
          label: 'Category',
          type: 'select',
          validation: 'required',
          options: [
            { label: 'Mugs', value: 1 },
            { label: 'Cups', value: 2 },
          ],
        },
        { name: 'tags', label: 'Tags', type: 'multiselect', options: [{ label: 'New', value: 'new' }] },
        { name: 'notes', label: 'Notes', type: 'textarea', description: 'Free text.', disabled: true },
      ],
    },
    units: {
      label: 'Units',
      fields: [{ name: 'quantities', label: 'Units & Quantities', type: 'custom', component: 'product-unit-quantities', value: [] }],
    },
  },
};

function tab(schema: JsonSchema, key: string): JsonSchema {
  return (schema.properties as Record<string, JsonSchema>)[key] as JsonSchema;
}
function prop(schema: JsonSchema, tabKey: string, field: string): JsonSchema {
  return (tab(schema, tabKey).properties as Record<string, JsonSchema>)[field] as JsonSchema;
}
function ui(uiSchema: UiSchemaNode, ...path: string[]): UiSchemaNode {
  return path.reduce<UiSchemaNode>((node, key) => node[key] as UiSchemaNode, uiSchema);
}

describe('toJsonSchema', () => {
  const { schema, uiSchema } = toJsonSchema(FORM);

  it('makes one object per tab plus the main field, in order', () => {
    expect(Object.keys(schema.properties as object)).toEqual(['name', 'general', 'units']);
    expect(schema.required).toEqual(['name']);
    expect(tab(schema, 'general')).toMatchObject({ type: 'object', title: 'General' });
    expect(uiSchema['ui:order']).toEqual(['name', 'general', 'units']);
    expect(ui(uiSchema, 'general')['ui:order']).toEqual(['email', 'code', 'price', 'active', 'status', 'category_id', 'tags', 'notes']);
  });

  it('turns validation strings into keywords', () => {
    expect((schema.properties as Record<string, JsonSchema>).name).toMatchObject({ type: 'string', maxLength: 191, title: 'Name' });
    expect(prop(schema, 'general', 'email')).toMatchObject({ type: 'string', format: 'email' });
    expect(prop(schema, 'general', 'code')).toMatchObject({ type: ['string', 'null'], minLength: 3, maxLength: 8 });
    expect(prop(schema, 'general', 'price')).toMatchObject({ type: ['number', 'null'], minimum: 0, maximum: 1000 });
    expect(tab(schema, 'general').required).toEqual(['email', 'category_id']);
  });

  it('types choices by their option values, with titles', () => {
    expect(prop(schema, 'general', 'status')).toMatchObject({
      type: ['string', 'null'],
      oneOf: [
        { const: 'on', title: 'On' },
        { const: 'off', title: 'Off' },
      ],
    });
    expect(prop(schema, 'general', 'category_id')).toMatchObject({ type: 'integer' });
    expect(prop(schema, 'general', 'tags')).toMatchObject({ type: ['array', 'null'], uniqueItems: true, items: { oneOf: [{ const: 'new', title: 'New' }] } });
    expect(prop(schema, 'general', 'active')).toMatchObject({ type: ['integer', 'null'], enum: [0, 1] });
  });

  it('names the registry type in ui:field and carries the field and its key', () => {
    expect(ui(uiSchema, 'name')).toMatchObject({ 'ui:field': 'text', 'ui:options': { key: 'name', main: true } });
    expect(ui(uiSchema, 'general', 'email')).toMatchObject({ 'ui:field': 'email', 'ui:options': { key: 'general.email' } });
    expect(ui(uiSchema, 'units', 'quantities')).toMatchObject({ 'ui:field': 'custom', 'ui:options': { spec: { component: 'product-unit-quantities' } } });
    expect(ui(uiSchema, 'general', 'notes')['ui:disabled']).toBe(true);
    // A custom field keeps a title so rjsf does not skip it as an empty schema.
    expect(prop(schema, 'units', 'quantities')).toEqual({ title: 'Units & Quantities' });
  });

  it('marks tabs disabled until saved', () => {
    const converted = toJsonSchema(FORM, { disabledTabs: ['units'] });
    expect(ui(converted.uiSchema, 'units', 'ui:options')).toMatchObject({ layout: 'tab', tab: 'units', disabledWhenCreate: true });
    expect(ui(converted.uiSchema, 'general', 'ui:options')).toMatchObject({ disabledWhenCreate: false });
  });

  it('applies field rules to given values: hides and requires', () => {
    const rules: FieldRule[] = [{ when: { field: 'general.status', in: ['off'] }, hideAndClear: ['general.code'], require: ['general.price'] }];
    const values = { ...formValuesOf(FORM), general: { status: 'off' } };
    const converted = toJsonSchema(FORM, { fieldRules: rules, values });
    expect(ui(converted.uiSchema, 'general', 'code')['ui:widget']).toBe('hidden');
    expect(tab(converted.schema, 'general').required).toEqual(['email', 'price', 'category_id']);
    expect(prop(converted.schema, 'general', 'price').type).toBe('number');
  });

  it('answers the same objects for equal input, and new ones for different input', () => {
    const copy = JSON.parse(JSON.stringify(FORM)) as Form;
    expect(toJsonSchema(copy)).toBe(toJsonSchema(FORM));
    expect(toJsonSchema(copy).schema).toBe(schema);
    const rules: FieldRule[] = [{ when: { field: 'general.status', in: ['off'] }, hideAndClear: ['general.code'] }];
    // Values that trigger no rule give the rule-free answer back.
    expect(toJsonSchema(FORM, { fieldRules: rules, values: { general: { status: 'on' } } }).schema).toBe(schema);
    expect(toJsonSchema(FORM, { fieldRules: rules, values: { general: { status: 'off' } } }).uiSchema).not.toBe(uiSchema);
    expect(toJsonSchema({ ...FORM, main: { name: 'title', label: 'Title', type: 'text' } }).schema).not.toBe(schema);
  });
});

describe('formValuesOf', () => {
  it('shapes the starting values like the submitted body', () => {
    expect(formValuesOf(FORM)).toEqual({
      name: null,
      general: { email: null, code: null, price: null, active: null, status: null, category_id: null, tags: [], notes: null },
      units: { quantities: [] },
    });
  });
});
