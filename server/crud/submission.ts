import type { FormValues } from '../../schemas/form/validate';
import { storesJson } from '../../schemas/fieldTypes';
import { fromDecimal } from '../../schemas/money';
import { TYPE_MESSAGES, coerceFieldValue } from './coerce';
import { NOT_ALLOWED_MESSAGE } from './filters';
import { isPasswordField, type Resource } from './resource';

export interface Submission {
  /** The values in form shape ({ main, tab: { field } }), typed by their fields; absent fields stay absent. */
  values: FormValues;
  /** Shape and type problems keyed 'tab.field' (or the main field's name, or the unknown key). */
  errors: Record<string, string[]>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a create/update body: `{ <main>: value, <tab>: { <field>: value } }`. Unknown tabs and fields
 * are refused ('This field is not allowed.'), values are coerced to their field types.
 */
export function readSubmission(resource: Resource, body: Record<string, unknown>): Submission {
  const form = resource.declaration.form ?? { tabs: {} };
  const values: FormValues = {};
  const errors: Record<string, string[]> = {};
  const refs = new Map(resource.fields.map((ref) => [ref.key, ref]));
  for (const [key, raw] of Object.entries(body)) {
    if (form.main && key === form.main.name) {
      const coerced = coerceFieldValue(form.main, raw);
      if (coerced.ok) values[key] = coerced.value;
      else errors[key] = [coerced.message];
      continue;
    }
    if (!form.tabs[key]) {
      errors[key] = [NOT_ALLOWED_MESSAGE];
      continue;
    }
    if (!isRecord(raw)) {
      errors[key] = [TYPE_MESSAGES.object];
      continue;
    }
    const tabValues: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(raw)) {
      const ref = refs.get(`${key}.${name}`);
      if (!ref) {
        errors[`${key}.${name}`] = [NOT_ALLOWED_MESSAGE];
        continue;
      }
      const coerced = coerceFieldValue(ref.field, value);
      if (coerced.ok) tabValues[name] = coerced.value;
      else errors[ref.key] = [coerced.message];
    }
    values[key] = tabValues;
  }
  return { values, errors };
}

/** Stored values over the existing ones, for updates that send only some fields. */
export function mergeValues(existing: FormValues, submitted: FormValues): FormValues {
  const merged: FormValues = { ...existing };
  for (const [key, value] of Object.entries(submitted)) {
    merged[key] = isRecord(value) && isRecord(existing[key]) ? { ...existing[key], ...value } : value;
  }
  return merged;
}

function valueAt(values: FormValues, tab: string | null, name: string): unknown {
  if (tab === null) return values[name];
  const tabValues = values[tab];
  return isRecord(tabValues) ? tabValues[name] : undefined;
}

/**
 * The table row of the values: one column per stored field present, money in ten-thousandths,
 * lists and objects as JSON text, booleans as 0/1. An empty password on update keeps the old one.
 */
export function valuesToRow(resource: Resource, values: FormValues, updating: boolean): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const { tab, field, column } of resource.stored) {
    const value = valueAt(values, tab, field.name);
    if (value === undefined) continue;
    if (isPasswordField(field) && updating && (value === null || value === '')) continue;
    if (value === null) row[column] = null;
    else if (field.money) row[column] = fromDecimal(value as number);
    else if (typeof value === 'boolean') row[column] = value ? 1 : 0;
    else if (storesJson(field.type) || typeof value === 'object') row[column] = JSON.stringify(value);
    else row[column] = value;
  }
  return row;
}
