import type { FieldRule } from '../crud/declaration';
import type { Field, Form } from './field';
import { fieldTypeFailure } from '../fieldTypes';
import { checkRules, isEmptyValue, parseRules, type RuleFailure } from './rules';

/** Form values as submitted: the main field by its name, then one object per tab ({ name, general: { … } }). */
export type FormValues = Record<string, unknown>;

/** A field of a form with its error key: the main field's name, or 'tab.field'. */
export interface FormFieldRef {
  key: string;
  tab: string | null;
  field: Field;
}

/** The main field, then every tab's fields in declaration order. */
export function formFields(form: Form): FormFieldRef[] {
  const refs: FormFieldRef[] = form.main ? [{ key: form.main.name, tab: null, field: form.main }] : [];
  for (const [tab, { fields }] of Object.entries(form.tabs)) {
    for (const field of fields) refs.push({ key: `${tab}.${field.name}`, tab, field });
  }
  return refs;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a key: 'tab.field' reads values[tab][field]; a plain key reads the main field. */
export function readFormValue(values: FormValues, key: string): unknown {
  const dot = key.indexOf('.');
  if (dot < 0) return values[key];
  const tab = values[key.slice(0, dot)];
  return isRecord(tab) ? tab[key.slice(dot + 1)] : undefined;
}

function valueMatches(value: unknown, candidates: ReadonlyArray<string | number>): boolean {
  if (value === undefined || value === null || typeof value === 'object') return false;
  return candidates.some((candidate) => String(candidate) === String(value));
}

/** Which fields the declaration's field rules make required or hide, for the current values. */
export function fieldRuleEffects(values: FormValues, rules: readonly FieldRule[] = []): { required: Set<string>; hidden: Set<string> } {
  const required = new Set<string>();
  const hidden = new Set<string>();
  for (const rule of rules) {
    if (!valueMatches(readFormValue(values, rule.when.field), rule.when.in)) continue;
    for (const key of rule.require ?? []) required.add(key);
    for (const key of rule.hideAndClear ?? []) hidden.add(key);
  }
  return { required, hidden };
}

/** A copy of the values in which every field a rule hides is emptied (null), as spec 01 §4 "hides and clears". */
export function applyFieldRules(values: FormValues, rules: readonly FieldRule[] = []): FormValues {
  const { hidden } = fieldRuleEffects(values, rules);
  if (hidden.size === 0) return values;
  const next: FormValues = { ...values };
  for (const key of hidden) {
    const dot = key.indexOf('.');
    if (dot < 0) {
      if (key in next) next[key] = null;
      continue;
    }
    const tabName = key.slice(0, dot);
    const tab = next[tabName];
    if (isRecord(tab)) next[tabName] = { ...tab, [key.slice(dot + 1)]: null };
  }
  return next;
}

export interface ValidateOptions {
  /** Tabs not checked: on create, the declaration's disabledTabsWhenCreate (the user cannot fill them yet). */
  skipTabs?: readonly string[];
}

/**
 * Every failing rule per field key, then the field type's check (schemas/fieldTypes/) of a non-empty value
 * the rules pass; hidden fields are skipped, rule-required fields gain `required`.
 */
export function formFailures(form: Form, values: FormValues, rules: readonly FieldRule[] = [], options: ValidateOptions = {}): Record<string, RuleFailure[]> {
  const { required, hidden } = fieldRuleEffects(values, rules);
  const failures: Record<string, RuleFailure[]> = {};
  for (const { key, tab, field } of formFields(form)) {
    if (hidden.has(key) || (tab !== null && options.skipTabs?.includes(tab))) continue;
    const fieldRules = parseRules(field.validation);
    if (required.has(key) && !fieldRules.some((rule) => rule.name === 'required')) fieldRules.unshift({ name: 'required' });
    const value = readFormValue(values, key);
    const found = checkRules(fieldRules, value, field.type);
    // The type's own check (format, options, bounds) speaks only when the rules have nothing to say, so a
    // field answers one message about one problem.
    const typeFailure = found.length === 0 && !isEmptyValue(value) ? fieldTypeFailure(field, value) : null;
    if (typeFailure !== null) found.push({ identifier: 'invalid', message: typeFailure });
    if (found.length > 0) failures[key] = found;
  }
  return failures;
}

/** Error messages per field key ('tab.field' or the main field's name); empty when the form is valid. */
export function validateForm(form: Form, values: FormValues, rules: readonly FieldRule[] = [], options: ValidateOptions = {}): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const [key, found] of Object.entries(formFailures(form, values, rules, options))) messages[key] = found.map((failure) => failure.message);
  return messages;
}
