import { describe, expect, it } from 'vitest';
import { formErrorItemsOf } from '../../schemas/errors';
import type { Form } from '../../schemas/form/field';
import { mapServerErrors } from './mapServerErrors';

const FORM: Form = {
  main: { name: 'name', label: 'Name', type: 'text' },
  tabs: {
    general: { label: 'General', fields: [{ name: 'email', label: 'Email', type: 'email' }] },
    units: { label: 'Units', fields: [{ name: 'quantities', label: 'Units', type: 'custom', component: 'product-unit-quantities' }] },
  },
};

describe('mapServerErrors', () => {
  it('places tab.field and main-field errors on their fields as invalid items with the server message', () => {
    const mapped = mapServerErrors(
      [
        { identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'name' },
        { identifier: 'invalid', invalid: true, message: 'The email is already used.', name: 'general.email' },
      ],
      FORM,
    );
    expect(mapped.items).toEqual([
      { identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'name' },
      { identifier: 'invalid', invalid: true, message: 'The email is already used.', name: 'general.email' },
    ]);
    expect(mapped.tree).toEqual({
      name: { __errors: ['This field is required.'] },
      general: { email: { __errors: ['The email is already used.'] } },
    });
    expect(mapped.keys).toEqual(['name', 'general.email']);
    expect(mapped.unmatched).toEqual([]);
  });

  it('ignores numeric segments and deeper paths, merging messages on one field', () => {
    const mapped = mapServerErrors(
      [
        { identifier: 'invalid', invalid: true, message: 'Must be positive.', name: 'units.quantities.0.sale_price' },
        { identifier: 'invalid', invalid: true, message: 'Unknown unit.', name: 'units.1.quantities' },
      ],
      FORM,
    );
    expect(mapped.items).toEqual([
      { identifier: 'invalid', invalid: true, message: 'Must be positive.', name: 'units.quantities' },
      { identifier: 'invalid', invalid: true, message: 'Unknown unit.', name: 'units.quantities' },
    ]);
    expect(mapped.tree).toEqual({ units: { quantities: { __errors: ['Must be positive.', 'Unknown unit.'] } } });
    expect(mapped.keys).toEqual(['units.quantities', 'units.quantities']);
  });

  it('names every placed item invalid, whatever identifier the answer gave', () => {
    const mapped = mapServerErrors([{ identifier: 'required', invalid: true, message: 'This field is required.', name: 'general.email' }], FORM);
    expect(mapped.items).toEqual([{ identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'general.email' }]);
  });

  it('reads the items the server builds from its keyed messages', () => {
    const mapped = mapServerErrors(formErrorItemsOf({ 'general.email': ['Taken.'], '0.name': ['Too short.'] }), FORM);
    expect(mapped.items).toEqual([
      { identifier: 'invalid', invalid: true, message: 'Taken.', name: 'general.email' },
      { identifier: 'invalid', invalid: true, message: 'Too short.', name: 'name' },
    ]);
  });

  it('reports messages for fields the form does not have', () => {
    const mapped = mapServerErrors(
      [
        { identifier: 'invalid', invalid: true, message: 'Bad phone.', name: 'general.phone' },
        { identifier: 'invalid', invalid: true, message: 'Nope.', name: 'unknown' },
        { identifier: 'invalid', invalid: true, message: 'Which tab?', name: 'general' },
        { identifier: 'invalid', invalid: true, message: 'Nothing.', name: '0' },
      ],
      FORM,
    );
    expect(mapped.items).toEqual([]);
    expect(mapped.tree).toEqual({});
    expect(mapped.unmatched).toEqual(['Bad phone.', 'Nope.', 'Which tab?', 'Nothing.']);
  });
});
