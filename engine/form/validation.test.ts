import { describe, expect, it } from 'vitest';
import type { Form } from '../../schemas/form/field';
import { errorTreeOf } from './errorTree';
import { customValidateFor, formErrorItemsFor } from './validation';

const FORM: Form = {
  main: { name: 'name', label: 'Name', type: 'text', validation: 'required|min:2' },
  tabs: {
    general: {
      label: 'General',
      fields: [
        { name: 'email', label: 'Email', type: 'email', validation: 'email' },
        { name: 'phone', label: 'Phone', type: 'phone', validation: 'required' },
        { name: 'amount', label: 'Amount', type: 'number', validation: 'max:100' },
      ],
    },
  },
};

describe("the form engine's own error items", () => {
  it('names each failed rule by identifier and field key, flagged invalid', () => {
    expect(formErrorItemsFor(FORM, { name: '', general: { email: 'nope', amount: 120 } })).toEqual([
      { identifier: 'required', invalid: true, message: 'This field is required.', name: 'name' },
      { identifier: 'email', invalid: true, message: 'This field must contain a valid email address.', name: 'general.email' },
      { identifier: 'required', invalid: true, message: 'Phone number is required.', name: 'general.phone' },
      { identifier: 'max', invalid: true, message: 'This field must not exceed 100.', name: 'general.amount' },
    ]);
    expect(formErrorItemsFor(FORM, { name: 'A', general: { phone: '+1 (555) 010-0000' } })).toEqual([
      { identifier: 'min', invalid: true, message: 'This field must be at least 2 characters.', name: 'name' },
    ]);
  });

  it('gives rjsf the same messages as its error tree', () => {
    const validate = customValidateFor(FORM);
    const tree = validate({ name: 'Ok', general: { email: 'a@b' } }, {} as never);
    expect(tree).toEqual({
      general: { email: { __errors: ['This field must contain a valid email address.'] }, phone: { __errors: ['Phone number is required.'] } },
    });
  });

  it('builds one tree from items of both sides', () => {
    expect(
      errorTreeOf([
        { identifier: 'required', invalid: true, message: 'This field is required.', name: 'name' },
        { identifier: 'invalid', invalid: true, message: 'Taken.', name: 'general.email' },
        { identifier: 'email', invalid: true, message: 'This field must contain a valid email address.', name: 'general.email' },
      ]),
    ).toEqual({
      name: { __errors: ['This field is required.'] },
      general: { email: { __errors: ['Taken.', 'This field must contain a valid email address.'] } },
    });
  });
});
