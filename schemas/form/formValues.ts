import type { Field, Form } from './field';
import type { FormValues } from './validate';

/** The value a field starts with when the server sent none. */
function emptyValueOf(field: Field): unknown {
  if (field.type === 'multiselect') return [];
  return null;
}

function valueOf(field: Field): unknown {
  return field.value === undefined ? emptyValueOf(field) : field.value;
}

/**
 * The values a form starts with, shaped as it is submitted: the main field by its name, then one
 * object per tab ({ name: 'Mug', general: { barcode: '…' } }); fields without a value start empty (null).
 */
export function formValuesOf(form: Form): FormValues {
  const values: FormValues = {};
  if (form.main) values[form.main.name] = valueOf(form.main);
  for (const [tabKey, tab] of Object.entries(form.tabs)) {
    values[tabKey] = Object.fromEntries(tab.fields.map((field) => [field.name, valueOf(field)]));
  }
  return values;
}
