import type { Field, FieldOption, FieldType } from '../form/field';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '../form/rules';
import type { FieldTypeDefinition, StorageColumn } from './definition';
import { isColor, isDate, isPhone, isTime, parseDateTime, parseRange, rangesOverlap } from './formats';
import { FIELD_TYPE_MESSAGES as M, maximumMessage, minimumMessage } from './messages';

function isNumericOptionList(field: Field): boolean {
  return (field.options?.length ?? 0) > 0 && field.options!.every((option) => typeof option.value === 'number' || typeof option.value === 'boolean');
}

/** Declared options (not read from a table: the server checks those against the table itself). */
function declaredOptions(field: Field): readonly FieldOption[] {
  return field.optionsFrom ? [] : (field.options ?? []);
}

const isOption = (options: readonly FieldOption[], value: unknown): boolean => options.some((option) => String(option.value) === String(value));

/** A choice among the declared options; any value when none are declared. */
function checkOption(value: unknown, field: Field): string | null {
  const options = declaredOptions(field);
  return options.length === 0 || isOption(options, value) ? null : M.option;
}

/** A check of text against a format: anything else (a number, a list) fails with the same message. */
const textFormat =
  (test: (text: string) => boolean, message: string) =>
  (value: unknown): string | null =>
    typeof value === 'string' && test(value) ? null : message;

const choiceColumn = (field: Field): StorageColumn => {
  if (field.optionsFrom) return (field.optionsFrom.value ?? 'id') === 'id' ? 'integer' : 'text';
  return isNumericOptionList(field) ? 'integer' : 'text';
};

const text: FieldTypeDefinition = { column: 'text' };

/** Every generic field type of the engine (spec 01 §3), keyed by the name declarations write. */
export const BUILT_IN_FIELD_TYPES: Record<FieldType, FieldTypeDefinition> = {
  text,
  password: text,
  textarea: text,
  link: text,
  ckeditor: text,
  media: text,
  custom: text,
  document: text,
  email: { column: 'text', check: textFormat((value) => EMAIL_PATTERN.test(value), EMAIL_MESSAGE) },
  phone: { column: 'text', check: textFormat(isPhone, M.phone) },
  date: { column: 'text', check: textFormat(isDate, M.date) },
  time: { column: 'text', check: textFormat(isTime, M.time) },
  color: { column: 'text', check: textFormat(isColor, M.color) },
  datetimepicker: { column: 'text', check: textFormat((value) => parseDateTime(value) !== null, M.dateTime) },
  number: {
    column: (field) => (field.money ? 'bigint' : 'double'),
    check: (value, field) => {
      // Numbers only: the server types numeric text before it gets here, the form holds numbers.
      if (typeof value !== 'number') return null;
      if (field.min !== undefined && value < field.min) return minimumMessage(field.min);
      if (field.max !== undefined && value > field.max) return maximumMessage(field.max);
      return null;
    },
  },
  checkbox: { column: 'integer' },
  switch: {
    column: (field) => (field.options?.length && !isNumericOptionList(field) ? 'text' : 'integer'),
    check: checkOption,
  },
  select: { column: choiceColumn, check: checkOption },
  'select-audio': { column: choiceColumn, check: checkOption },
  multiselect: {
    column: 'json',
    check: (value, field) => (Array.isArray(value) ? (value.map((item) => checkOption(item, field)).find((found) => found !== null) ?? null) : M.option),
    cell: (value) => (Array.isArray(value) ? value.join(', ') : String(value)),
  },
  daterangepicker: {
    column: 'json',
    check: (value, field) => {
      const range = parseRange(value, field.date_only ? true : undefined);
      if (!range) return field.date_only ? M.dateOnlyRange : M.dateRange;
      const blocked = (field.disabled_ranges ?? []).some((disabled) => {
        const parsed = parseRange(disabled);
        return parsed !== null && rangesOverlap(range, parsed);
      });
      return blocked ? M.rangeOverlap : null;
    },
    cell: (value) => {
      const { startDate, endDate } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      return typeof startDate === 'string' && typeof endDate === 'string' ? `${startDate} – ${endDate}` : JSON.stringify(value);
    },
  },
  barcode_scanner: { column: 'json' },
};
