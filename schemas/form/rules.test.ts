import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE, PHONE_REQUIRED_MESSAGE, REQUIRED_MESSAGE, checkRules, isEmptyValue, parseRules } from './rules';

const messages = (validation: string | string[], value: unknown, type?: string) =>
  checkRules(parseRules(validation), value, type).map((failure) => failure.message);

describe('parseRules', () => {
  it('reads a pipe string or an array, with min/max bounds', () => {
    expect(parseRules('required|email|min:3|max:10')).toEqual([{ name: 'required' }, { name: 'email' }, { name: 'min', value: 3 }, { name: 'max', value: 10 }]);
    expect(parseRules(['required', ' max: 5 '])).toEqual([{ name: 'required' }, { name: 'max', value: 5 }]);
  });

  it('ignores unknown rules, bad bounds and empty input', () => {
    expect(parseRules('required|unique:users|min:abc|max:|between:1,2')).toEqual([{ name: 'required' }]);
    expect(parseRules(undefined)).toEqual([]);
    expect(parseRules('')).toEqual([]);
    expect(parseRules([])).toEqual([]);
  });
});

describe('checkRules', () => {
  it('required fails on undefined, null and zero length only', () => {
    for (const value of [undefined, null, '', []]) expect(messages('required', value)).toEqual([REQUIRED_MESSAGE]);
    for (const value of [0, false, ' ', 'a', [1]]) expect(messages('required', value)).toEqual([]);
    expect(checkRules(parseRules('required'), '')[0]?.identifier).toBe('required');
  });

  it('words required its own way for phone fields', () => {
    expect(messages('required', '', 'phone')).toEqual([PHONE_REQUIRED_MESSAGE]);
  });

  it('checks email only when non-empty, with a 2 to 4 letter suffix', () => {
    expect(messages('email', '')).toEqual([]);
    expect(messages('email', null)).toEqual([]);
    for (const good of ['a@b.co', 'first.last@shop.example.info', 'x+y@mall.shop']) expect(messages('email', good), good).toEqual([]);
    for (const bad of ['plain', 'a@b', 'a@b.c', 'a@b.toolong', 'a b@c.com', '@b.com', 'a@.com1', 42]) {
      expect(messages('email', bad), String(bad)).toEqual([EMAIL_MESSAGE]);
    }
  });

  it('measures strings by length and numbers by value', () => {
    expect(messages('min:3', 'ab')).toEqual(['This field must be at least 3 characters.']);
    expect(messages('max:3', 'abcd')).toEqual(['This field must not exceed 3 characters.']);
    expect(messages('min:3|max:3', 'abc')).toEqual([]);
    expect(messages('min:3', 2)).toEqual(['This field must be at least 3.']);
    expect(messages('max:3', 4)).toEqual(['This field must not exceed 3.']);
    expect(messages('min:0|max:10', 10)).toEqual([]);
  });

  it('reads numeric text of number fields by value', () => {
    expect(messages('max:10', '12', 'number')).toEqual(['This field must not exceed 10.']);
    expect(messages('max:10', '12', 'text')).toEqual([]);
  });

  it('lets empty optional values through min, max and email', () => {
    expect(messages('min:3|email', '')).toEqual([]);
    expect(messages('required|min:3', '')).toEqual([REQUIRED_MESSAGE]);
  });

  it('knows empty values', () => {
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue({})).toBe(false);
    expect(isEmptyValue([])).toBe(true);
  });
});
