import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../schemas/crud/declaration';
import { customValidateFor } from '../../engine/form/validation';
// The browser's own pick-up of extensions/fields/ (the star rating's definition).
import { extensionFieldTypes } from '../../fields/extensions';
import { FIELD_TYPE_CASES } from '../fixtures/fieldTypeCases';

const declaration = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'crud-field-types', 'field-types.json'), 'utf8'),
) as ResourceDeclaration;

/** The form's validation as the browser runs it (rjsf's customValidate), on one field's value. */
function browserErrors(field: string, value: unknown): string[] | undefined {
  const validate = customValidateFor(declaration.form!, declaration.fieldRules);
  const tree = validate({ name: 'Sample', general: { [field]: value } }, {} as never) as unknown as Record<string, Record<string, { __errors?: string[] }>>;
  expect(Object.keys(tree).filter((key) => key !== 'general')).toEqual([]);
  return tree.general?.[field]?.__errors;
}

describe('field types in the browser form', () => {
  it('picks up the integrators field types from extensions/fields/', () => {
    expect(extensionFieldTypes()).toEqual(['star-rating']);
  });

  it.each(FIELD_TYPE_CASES.map((one) => [one.field, JSON.stringify(one.value), one] as const))('%s %s', (_field, _value, { field, value, message }) => {
    expect(browserErrors(field, value)).toEqual(message === null ? undefined : [message]);
  });

  it('leaves empty values to the required rule', () => {
    for (const field of ['phone', 'born', 'opens', 'starts_at', 'shade', 'contact', 'kind', 'labels', 'quantity', 'stay', 'rating']) {
      expect(browserErrors(field, ''), field).toBeUndefined();
      expect(browserErrors(field, null), field).toBeUndefined();
    }
  });
});
