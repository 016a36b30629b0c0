import { describe, expect, it } from 'vitest';
import type { Field } from '../../schemas/form/field';
import { coerceFieldValue } from '../../server/crud/coerce';

const field = (type: Field['type'], extra: Partial<Field> = {}): Field => ({ name: 'f', label: 'F', type, ...extra });
const value = (f: Field, input: unknown) => {
  const result = coerceFieldValue(f, input);
  return result.ok ? result.value : `error: ${result.message}`;
};

describe('coerceFieldValue', () => {
  it('reads numbers from numbers and numeric text, money with four decimals at most, both within bounds', () => {
    expect(value(field('number'), '12.5')).toBe(12.5);
    expect(value(field('number'), 3)).toBe(3);
    expect(value(field('number'), '')).toBeNull();
    expect(value(field('number'), '1e3')).toBe('error: This field must be of type number.');
    expect(value(field('number'), '1 OR 1=1')).toBe('error: This field must be of type number.');
    expect(value(field('number'), true)).toBe('error: This field must be of type number.');
    expect(value(field('number', { money: true }), '12.3456')).toBe(12.3456);
    expect(value(field('number', { money: true }), '1000000000')).toBe(1_000_000_000);
    const amountBound = 'error: This field must be a number from -1000000000 to 1000000000 with at most 4 decimals.';
    expect(value(field('number', { money: true }), '12.345678')).toBe(amountBound);
    expect(value(field('number', { money: true }), 1e-7)).toBe(amountBound);
    expect(value(field('number', { money: true }), 1e15)).toBe(amountBound);
    expect(value(field('number', { money: true }), 1_000_000_000.0001)).toBe(amountBound);
    expect(value(field('number'), 2_147_483_647)).toBe(2_147_483_647);
    expect(value(field('number'), -0)).toBe(0);
    expect(Object.is(value(field('number'), -0), 0)).toBe(true);
    expect(value(field('number'), 2_147_483_648)).toBe('error: This field must be a number from -2147483647 to 2147483647.');
    expect(value(field('number'), 1e308)).toBe('error: This field must be a number from -2147483647 to 2147483647.');
  });

  it('turns flags into 0/1', () => {
    for (const [input, output] of [
      [true, 1],
      [false, 0],
      ['1', 1],
      ['false', 0],
      [0, 0],
      [null, null],
    ] as const) {
      expect(value(field('checkbox'), input)).toBe(output);
    }
    expect(value(field('checkbox'), 'maybe')).toBe('error: This field must be of type boolean.');
    expect(value(field('switch'), true)).toBe(1);
  });

  it('picks declared options, typed as declared', () => {
    const select = field('select', {
      options: [
        { label: 'Four', value: 4 },
        { label: 'Yes', value: 'yes' },
      ],
    });
    expect(value(select, '4')).toBe(4);
    expect(value(select, 'yes')).toBe('yes');
    expect(value(select, 5)).toBe('error: This field has a value that is not allowed.');
    expect(value(select, '')).toBeNull();
    expect(value(field('select'), 'anything')).toBe('anything');
    expect(value(field('multiselect', { options: [{ label: 'A', value: 'a' }] }), ['a'])).toEqual(['a']);
    expect(value(field('multiselect', { options: [{ label: 'A', value: 'a' }] }), ['b'])).toBe('error: This field has a value that is not allowed.');
  });

  it('takes text as text and numbers as their text', () => {
    expect(value(field('text'), 'x')).toBe('x');
    expect(value(field('email'), 5)).toBe('5');
    expect(value(field('text'), { a: 1 })).toBe('error: This field must be of type string.');
    expect(value(field('daterangepicker'), { startDate: 'a' })).toEqual({ startDate: 'a' });
    // A range's shape and dates are its type's check (schemas/fieldTypes/), worded as the form words it.
    expect(value(field('daterangepicker'), 'a')).toBe('a');
    expect(value(field('daterangepicker'), '')).toBeNull();
    expect(value(field('text'), undefined)).toBeUndefined();
  });
});
