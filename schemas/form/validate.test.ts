import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../crud/declaration';
import type { Form } from './field';
import { applyFieldRules, fieldRuleEffects, formFailures, formFields, readFormValue, validateForm } from './validate';

const form: Form = {
  main: { name: 'name', label: 'Name', type: 'text', validation: 'required|min:2' },
  tabs: {
    general: {
      label: 'General',
      fields: [
        { name: 'category_id', label: 'Category', type: 'select', options: [4, 5, 6, 7, 8].map((value) => ({ label: String(value), value })) },
        { name: 'email', label: 'Email', type: 'email', validation: ['email', 'max:40'] },
        { name: 'phone', label: 'Phone', type: 'phone', validation: 'required' },
        { name: 'amount', label: 'Amount', type: 'number', validation: 'min:1|max:100' },
        { name: 'recurring', label: 'Recurring', type: 'switch' },
        { name: 'is_late_fee', label: 'Late fee', type: 'switch' },
        { name: 'late_fee', label: 'Late fee amount', type: 'number', validation: 'required' },
      ],
    },
  },
};

/** Spec 01 §4–5: the expense category rules. */
const rules: FieldRule[] = [
  { when: { field: 'general.category_id', in: [4] }, require: ['general.recurring', 'general.is_late_fee'] },
  { when: { field: 'general.category_id', in: [5, 6] }, hideAndClear: ['general.recurring', 'general.is_late_fee', 'general.late_fee'] },
  { when: { field: 'general.category_id', in: [7] }, hideAndClear: ['general.late_fee'] },
];

const valid = { name: 'Rent', general: { category_id: 8, email: 'a@b.com', phone: '+1 (555) 123-4567', amount: 5, late_fee: 1 } };

describe('form fields and values', () => {
  it('keys the main field by name and tab fields as tab.field', () => {
    expect(formFields(form).map((ref) => ref.key)).toEqual([
      'name',
      'general.category_id',
      'general.email',
      'general.phone',
      'general.amount',
      'general.recurring',
      'general.is_late_fee',
      'general.late_fee',
    ]);
    expect(readFormValue(valid, 'name')).toBe('Rent');
    expect(readFormValue(valid, 'general.amount')).toBe(5);
    expect(readFormValue({ general: 'oops' }, 'general.amount')).toBeUndefined();
  });
});

describe('validateForm', () => {
  it('answers nothing for a valid form', () => {
    expect(validateForm(form, valid, rules)).toEqual({});
  });

  it('keys every message by main name or tab.field', () => {
    expect(validateForm(form, { name: 'R', general: { email: 'nope', amount: 500 } }, rules)).toEqual({
      name: ['This field must be at least 2 characters.'],
      'general.email': ['This field must contain a valid email address.'],
      'general.phone': ['Phone number is required.'],
      'general.amount': ['This field must not exceed 100.'],
      'general.late_fee': ['This field is required.'],
    });
    expect(Object.keys(validateForm(form, {}, rules))).toEqual(['name', 'general.phone', 'general.late_fee']);
  });

  it('makes recurring and is_late_fee required for category 4, whether sent as a number or text', () => {
    for (const category of [4, '4']) {
      const errors = validateForm(form, { ...valid, general: { ...valid.general, category_id: category } }, rules);
      expect(errors).toEqual({ 'general.recurring': ['This field is required.'], 'general.is_late_fee': ['This field is required.'] });
    }
    expect(formFailures(form, { ...valid, general: { ...valid.general, category_id: 4 } }, rules)['general.recurring']?.[0]?.identifier).toBe('required');
  });

  it('skips the tabs it is told to (disabledTabsWhenCreate on create)', () => {
    expect(validateForm(form, { name: 'R' }, rules, { skipTabs: ['general'] })).toEqual({ name: ['This field must be at least 2 characters.'] });
  });

  it('skips the fields a rule hides', () => {
    const values = { ...valid, general: { ...valid.general, category_id: 5, late_fee: undefined } };
    expect(validateForm(form, values, rules)).toEqual({});
    expect(validateForm(form, { ...values, general: { ...values.general, category_id: 8 } }, rules)).toEqual({
      'general.late_fee': ['This field is required.'],
    });
  });
});

describe('applyFieldRules', () => {
  it('clears what categories 5 and 6 hide, and only the late fee for 7', () => {
    const values = { name: 'x', general: { category_id: 6, recurring: 1, is_late_fee: 1, late_fee: 3, amount: 2 } };
    expect(applyFieldRules(values, rules)).toEqual({ name: 'x', general: { category_id: 6, recurring: null, is_late_fee: null, late_fee: null, amount: 2 } });
    expect(applyFieldRules({ general: { category_id: 7, recurring: 1, late_fee: 3 } }, rules)).toEqual({
      general: { category_id: 7, recurring: 1, late_fee: null },
    });
    expect(values.general.recurring).toBe(1);
  });

  it('changes nothing for other values and reports the effects', () => {
    const values = { general: { category_id: 8, late_fee: 3 } };
    expect(applyFieldRules(values, rules)).toBe(values);
    expect(fieldRuleEffects({ general: { category_id: 5 } }, rules).hidden).toEqual(new Set(['general.recurring', 'general.is_late_fee', 'general.late_fee']));
    expect(fieldRuleEffects({ general: { category_id: 4 } }, rules).required).toEqual(new Set(['general.recurring', 'general.is_late_fee']));
  });
});
