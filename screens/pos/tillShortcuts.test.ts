// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { shortcutOf } from './tillShortcuts';

function input(type: string, value = '') {
  const field = document.createElement('input');
  field.type = type;
  field.value = value;
  return field;
}

describe('the till shortcut keys', () => {
  it('maps the function keys and Escape wherever focus is', () => {
    const search = input('search', 'mug');
    expect(['F1', 'F2', 'F3', 'F4', 'F6', 'F7', 'F8', 'F9', 'Escape'].map((key) => shortcutOf({ key, target: search }))).toEqual([
      'help',
      'quantity',
      'discount',
      'vendor',
      'hold',
      'exactCash',
      'voidCart',
      'pay',
      'back',
    ]);
    expect(shortcutOf({ key: 'F5', target: search })).toBeNull();
    expect(shortcutOf({ key: 'a', target: search })).toBeNull();
  });

  it('opens the sheet on ? unless it is typed into a field with text', () => {
    expect(shortcutOf({ key: '?', target: input('search') })).toBe('help');
    expect(shortcutOf({ key: '?', target: document.body })).toBe('help');
    expect(shortcutOf({ key: '?', target: input('search', 'what') })).toBeNull();
    expect(shortcutOf({ key: '?', target: input('text') })).toBeNull();
  });

  it('takes Enter as new sale only from the search box or the page, never from a button or another field', () => {
    expect(shortcutOf({ key: 'Enter', target: input('search') })).toBe('newSale');
    expect(shortcutOf({ key: 'Enter', target: document.body })).toBe('newSale');
    expect(shortcutOf({ key: 'Enter', target: document.createElement('button') })).toBeNull();
    expect(shortcutOf({ key: 'Enter', target: input('number') })).toBeNull();
  });
});
