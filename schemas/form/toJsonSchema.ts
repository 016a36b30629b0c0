import type { FieldRule } from '../crud/declaration';
import type { Field, FieldOption, Form } from './field';
import { parseRules, type Rule } from './rules';
import { fieldRuleEffects, type FormValues } from './validate';

/** A JSON Schema node as @rjsf/core reads it (draft 7 keywords only). */
export type JsonSchema = { [keyword: string]: unknown };
/** A uiSchema node: `ui:*` directives and nested property nodes. */
export type UiSchemaNode = { [key: string]: unknown };

export interface ToJsonSchemaOptions {
  /** The declaration's field rules: with `values`, hidden fields are marked hidden and rule-required ones required. */
  fieldRules?: readonly FieldRule[];
  /** Tabs disabled until the entry is saved (spec 01 §4 disabledTabsWhenCreate). */
  disabledTabs?: readonly string[];
  /** Current values; only read to apply `fieldRules`. */
  values?: FormValues;
}

export interface FormJsonSchema {
  schema: JsonSchema;
  uiSchema: UiSchemaNode;
}

/**
 * What the engine's templates read from a field's `ui:options`. rjsf merges `ui:options` into the
 * names it reads itself (field, widget, label, title…), so ours avoid those names.
 */
export interface FieldUiOptions {
  /** 'tab.field', or the main field's name: the key of validation and server errors. */
  key: string;
  /** The server's description of the field. */
  spec: Field;
  main?: boolean;
}

/** What the engine's templates read from a tab's `ui:options`. */
export interface TabUiOptions {
  layout: 'tab';
  tab: string;
  tabLabel: string;
  disabledWhenCreate: boolean;
  /** A component named by the tab itself, rendered when the tab lacks fields (spec 01 §4). */
  tabComponent?: string;
}

/** Types whose value is text. */
const TEXT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'password',
  'email',
  'phone',
  'textarea',
  'color',
  'time',
  'date',
  'datetimepicker',
  'link',
  'ckeditor',
  'media',
  'document',
  'select-audio',
]);

function jsonTypeOfValue(value: FieldOption['value']): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types of a list of options' values, with 'integer' folded into 'number' when both occur. */
function optionTypes(options: readonly FieldOption[]): string[] {
  const types = new Set(options.map((option) => jsonTypeOfValue(option.value)));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return [...types];
}

/** enum with titles, as rjsf reads a select: `oneOf: [{ const, title }]`. */
function choiceSchema(options: readonly FieldOption[] | undefined): JsonSchema {
  if (!options || options.length === 0) return { type: ['string', 'number'] };
  const types = optionTypes(options);
  return { type: types.length === 1 ? types[0] : types, oneOf: options.map((option) => ({ const: option.value, title: option.label })) };
}

/** The value schema of a field type, before validation keywords. */
function valueSchema(field: Field): JsonSchema {
  if (TEXT_TYPES.has(field.type)) return { type: 'string' };
  switch (field.type) {
    case 'number':
      return {
        type: 'number',
        ...(field.min !== undefined ? { minimum: field.min } : {}),
        ...(field.max !== undefined ? { maximum: field.max } : {}),
      };
    case 'checkbox':
      // The server stores flags as 0/1 (server/crud/coerce.ts).
      return { type: 'integer', enum: [0, 1] };
    case 'switch':
      return field.options?.length ? choiceSchema(field.options) : { type: 'integer', enum: [0, 1] };
    case 'select':
      return choiceSchema(field.options);
    case 'multiselect':
      return { type: 'array', uniqueItems: true, items: choiceSchema(field.options) };
    case 'daterangepicker':
      return { type: 'object', properties: { startDate: { type: 'string' }, endDate: { type: 'string' } } };
    default:
      // custom, barcode_scanner and the types an application registers: the component decides.
      return {};
  }
}

function withNull(type: unknown): unknown {
  if (type === undefined) return undefined;
  const types = Array.isArray(type) ? type : [type];
  return types.includes('null') ? type : [...types, 'null'];
}

/** Adds the keywords of the field's validation rules to its value schema. */
function applyRules(schema: JsonSchema, rules: readonly Rule[], field: Field): JsonSchema {
  const next: JsonSchema = { ...schema };
  const byLength = next.type === 'string';
  const byValue = next.type === 'number' || next.type === 'integer';
  for (const rule of rules) {
    if (rule.name === 'email' && byLength) next.format = 'email';
    if (rule.name === 'min' && byLength) next.minLength = rule.value;
    if (rule.name === 'max' && byLength) next.maxLength = rule.value;
    if (rule.name === 'min' && byValue) next.minimum = rule.value;
    if (rule.name === 'max' && byValue) next.maximum = rule.value;
  }
  if (field.type === 'email' && byLength) next.format = 'email';
  return next;
}

function fieldSchema(field: Field, required: boolean): JsonSchema {
  const rules = parseRules(field.validation);
  const schema = applyRules(valueSchema(field), rules, field);
  // Optional fields may hold null (an untouched select, a cleared number).
  if (!required && schema.type !== undefined) schema.type = withNull(schema.type);
  return {
    ...schema,
    title: field.label,
    ...(field.description ? { description: field.description } : {}),
  };
}

function fieldUiSchema(field: Field, options: FieldUiOptions, hidden: boolean): UiSchemaNode {
  return {
    'ui:field': field.type,
    'ui:options': options,
    ...(field.disabled ? { 'ui:disabled': true } : {}),
    ...(hidden || field.hidden ? { 'ui:widget': 'hidden' } : {}),
  };
}

function isRequired(field: Field, key: string, ruleRequired: ReadonlySet<string>): boolean {
  return ruleRequired.has(key) || parseRules(field.validation).some((rule) => rule.name === 'required');
}

interface RuleEffects {
  required: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
}

function convert(form: Form, options: ToJsonSchemaOptions, effects: RuleEffects): FormJsonSchema {
  const disabledTabs = new Set(options.disabledTabs ?? []);
  const properties: Record<string, JsonSchema> = {};
  const rootRequired: string[] = [];
  const uiSchema: UiSchemaNode = { 'ui:options': { layout: 'root' } };
  const order: string[] = [];

  if (form.main) {
    const { main } = form;
    const required = isRequired(main, main.name, effects.required);
    properties[main.name] = fieldSchema(main, required);
    if (required) rootRequired.push(main.name);
    uiSchema[main.name] = fieldUiSchema(main, { key: main.name, spec: main, main: true }, effects.hidden.has(main.name));
    order.push(main.name);
  }

  for (const [tabKey, tab] of Object.entries(form.tabs)) {
    const tabProperties: Record<string, JsonSchema> = {};
    const tabRequired: string[] = [];
    const tabUi: UiSchemaNode = {};
    for (const field of tab.fields) {
      const key = `${tabKey}.${field.name}`;
      const required = isRequired(field, key, effects.required);
      tabProperties[field.name] = fieldSchema(field, required);
      if (required) tabRequired.push(field.name);
      tabUi[field.name] = fieldUiSchema(field, { key, spec: field }, effects.hidden.has(key));
    }
    const component = (tab as { component?: unknown }).component;
    const tabOptions: TabUiOptions = {
      layout: 'tab',
      tab: tabKey,
      tabLabel: tab.label,
      disabledWhenCreate: disabledTabs.has(tabKey),
      ...(typeof component === 'string' ? { tabComponent: component } : {}),
    };
    properties[tabKey] = { type: 'object', title: tab.label, properties: tabProperties, ...(tabRequired.length ? { required: tabRequired } : {}) };
    uiSchema[tabKey] = { ...tabUi, 'ui:order': tab.fields.map((field) => field.name), 'ui:options': tabOptions };
    order.push(tabKey);
  }

  uiSchema['ui:order'] = order;
  const schema: JsonSchema = { type: 'object', properties, ...(rootRequired.length ? { required: rootRequired } : {}) };
  return { schema, uiSchema };
}

/** cyrb53: a fast 53-bit string hash, to key the memo without holding long strings as keys. */
function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const MEMO_LIMIT = 64;
const memo = new Map<number, { input: string; output: FormJsonSchema }>();

/**
 * The JSON Schema and uiSchema @rjsf/core renders a server form with: one object property per tab
 * (plus the main field), each field typed by its type and constrained by its validation rules, its
 * `ui:field` naming the field registry's type. Equal input gives the same objects back (memoised by
 * a hash), so rjsf's schema caches and memoised fields stay warm. Treat the answer as read-only.
 */
export function toJsonSchema(form: Form, options: ToJsonSchemaOptions = {}): FormJsonSchema {
  const effects: RuleEffects = options.values
    ? fieldRuleEffects(options.values, options.fieldRules ?? [])
    : { required: new Set<string>(), hidden: new Set<string>() };
  // Values matter only through what the rules make of them, so typing does not miss the memo.
  const input = JSON.stringify([form, options.disabledTabs ?? null, [...effects.required].sort(), [...effects.hidden].sort()]);
  const hash = hashString(input);
  const cached = memo.get(hash);
  if (cached && cached.input === input) return cached.output;
  const output = convert(form, options, effects);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as number);
  memo.set(hash, { input, output });
  return output;
}
