import { describe, expect, it } from 'vitest';
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
  it('places tab.field and main-field errors on their fields', () => {
    const mapped = mapServerErrors({ name: ['This field is required.'], 'general.email': ['The email is already used.'] }, FORM);
    expect(mapped.tree).toEqual({
      name: { __errors: ['This field is required.'] },
      general: { email: { __errors: ['The email is already used.'] } },
    });
    expect(mapped.keys).toEqual(['name', 'general.email']);
    expect(mapped.unmatched).toEqual([]);
  });

  it('ignores numeric segments and deeper paths, merging messages on one field', () => {
    const mapped = mapServerErrors({ 'units.quantities.0.sale_price': ['Must be positive.'], 'units.quantities.1.unit_id': ['Unknown unit.'] }, FORM);
    expect(mapped.tree).toEqual({ units: { quantities: { __errors: ['Must be positive.', 'Unknown unit.'] } } });
    expect(mapped.keys).toEqual(['units.quantities', 'units.quantities']);
  });

  it('reports messages for fields the form does not have', () => {
    const mapped = mapServerErrors({ 'general.phone': ['Bad phone.'], unknown: ['Nope.'], 'general.email': [] }, FORM);
    expect(mapped.tree).toEqual({});
    expect(mapped.unmatched).toEqual(['Bad phone.', 'Nope.']);
  });
});
