import { FIELD_TYPE_MESSAGES } from '../../schemas/fieldTypes';
import type { Field, FieldOption } from '../../schemas/form/field';
import { MAX_AMOUNT, MAX_DB_INTEGER, MONEY_DECIMALS, MONEY_SCALE, fromDecimal, hasAtMostDecimals } from '../../schemas/money';
import { sanitizeRichText } from '../services/sanitizeHtml';
import { MARKUP_MESSAGE, hasMarkup } from '../plugins/plainText';

export const TYPE_MESSAGES = {
  string: 'This field must be of type string.',
  number: 'This field must be of type number.',
  boolean: 'This field must be of type boolean.',
  array: 'This field must be of type array.',
  object: 'This field must be of type object.',
  value: FIELD_TYPE_MESSAGES.option,
} as const;

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): Coerced => ({ ok: true, value });
const fail = (message: string): Coerced => ({ ok: false, message });

/** Types whose value is text. */
const TEXT_TYPES = new Set(['text', 'password', 'email', 'phone', 'textarea', 'color', 'time', 'date', 'datetimepicker', 'link']);
const CHOICE_TYPES = new Set(['select', 'select-audio']);
const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'no']);
export const amountBoundMessage = () => `This field must be a number from -${MAX_AMOUNT} to ${MAX_AMOUNT} with at most ${MONEY_DECIMALS} decimals.`;
export const numberBoundMessage = () => `This field must be a number from -${MAX_DB_INTEGER} to ${MAX_DB_INTEGER}.`;

/**
 * Money within ±MAX_AMOUNT with four decimals at most (schemas/money.ts); other numbers within the integer
 * column's range, which a double column holds as well, so neither database gets a value it cannot store.
 */
function coerceNumber(field: Field, value: unknown): Coerced {
  if (value === null || value === '') return ok(null);
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return fail(TYPE_MESSAGES.number);
  if (field.money) {
    if (Math.abs(number) > MAX_AMOUNT || !hasAtMostDecimals(number)) return fail(amountBoundMessage());
    return ok(fromDecimal(number) / MONEY_SCALE);
  }
  if (Math.abs(number) > MAX_DB_INTEGER) return fail(numberBoundMessage());
  return ok(number + 0);
}

function coerceFlag(value: unknown): Coerced {
  if (value === null) return ok(null);
  if (typeof value === 'boolean') return ok(value ? 1 : 0);
  if (value === 0 || value === 1) return ok(value);
  if (typeof value === 'string' && TRUE_WORDS.has(value.toLowerCase())) return ok(1);
  if (typeof value === 'string' && FALSE_WORDS.has(value.toLowerCase())) return ok(0);
  return fail(TYPE_MESSAGES.boolean);
}

/** The declared option a submitted value stands for ('4' picks the option 4), typed as declared. */
function matchOption(options: readonly FieldOption[], value: unknown): Coerced {
  const option = options.find((candidate) => String(candidate.value) === String(value));
  return option ? ok(option.value) : fail(TYPE_MESSAGES.value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';
}

function coerceChoice(field: Field, value: unknown): Coerced {
  if (value === null || value === '') return ok(null);
  if (!isScalar(value)) return fail(TYPE_MESSAGES.value);
  const options = field.optionsFrom ? [] : (field.options ?? []);
  return options.length > 0 ? matchOption(options, value) : ok(value);
}

function coerceList(field: Field, value: unknown): Coerced {
  if (value === null) return ok(null);
  if (!Array.isArray(value)) return fail(TYPE_MESSAGES.array);
  const items: unknown[] = [];
  for (const item of value) {
    const one = coerceChoice(field, item);
    if (!one.ok || one.value === null) return fail(TYPE_MESSAGES.value);
    items.push(one.value);
  }
  return ok(items);
}

/**
 * A submitted value as its field type wants it: numbers from numbers or numeric text (money stays
 * a decimal here, truncated to four places), flags as 0/1, choices among the declared options.
 */
export function coerceFieldValue(field: Field, value: unknown): Coerced {
  if (value === undefined) return ok(undefined);
  if (field.type === 'ckeditor') {
    // Rich text is stored sanitised, so what any screen renders later is safe; a value that was only a script is then empty.
    if (value === null) return ok(null);
    return typeof value === 'string' ? ok(sanitizeRichText(value)) : fail(TYPE_MESSAGES.string);
  }
  if (TEXT_TYPES.has(field.type)) {
    // Plain text holds no markup (server/plugins/plainText.ts); a password is hashed, so any character goes.
    if (typeof value === 'string' && field.type !== 'password' && hasMarkup(value)) return fail(MARKUP_MESSAGE);
    if (value === null || typeof value === 'string') return ok(value);
    if (typeof value === 'number' && Number.isFinite(value)) return ok(String(value));
    return fail(TYPE_MESSAGES.string);
  }
  switch (field.type) {
    case 'number':
      return coerceNumber(field, value);
    case 'checkbox':
      return coerceFlag(value);
    case 'switch':
      return field.options?.length ? coerceChoice(field, value) : coerceFlag(value);
    case 'multiselect':
      return coerceList(field, value);
    case 'barcode_scanner':
      // The nine licence fields of spec 01 §3, as the field outputs them.
      return value === null || (typeof value === 'object' && !Array.isArray(value)) ? ok(value) : fail(TYPE_MESSAGES.object);
    case 'document':
      // The ids of temporary documents to attach to the record when it is saved.
      return value === null || (Array.isArray(value) && value.every((id) => Number.isSafeInteger(id) && (id as number) > 0))
        ? ok(value ?? [])
        : fail(TYPE_MESSAGES.array);
    case 'daterangepicker':
      // Its type's check (schemas/fieldTypes/) refuses anything but a range, with the message the form shows.
      return ok(value === '' ? null : value);
    default:
      return CHOICE_TYPES.has(field.type) ? coerceChoice(field, value) : ok(value);
  }
}
