import { describe, expect, it } from 'vitest';
import {
  initialNumpadState,
  numpadActionForKey,
  numpadDisplay,
  numpadReducer,
  numpadValue,
  type NumpadAction,
  type NumpadOptions,
  type NumpadState,
} from './numpadReducer';

function press(keys: string, options: NumpadOptions = {}, from: NumpadState = { typed: '' }): NumpadState {
  return [...keys].reduce((state, key) => {
    const action = key === '<' ? ({ type: 'backspace' } as const) : numpadActionForKey(key);
    return action && action !== 'submit' ? numpadReducer(state, action as NumpadAction, options) : state;
  }, from);
}

describe('numpad typing', () => {
  it('appends digits, drops a lone leading zero and removes the last digit on backspace', () => {
    expect(press('0123').typed).toBe('123');
    expect(press('123<').typed).toBe('12');
    expect(press('1<<<').typed).toBe('');
    expect(numpadDisplay(press(''))).toBe('0');
  });

  it('ignores the dot unless the plus variant allows it, and keeps a single dot', () => {
    expect(press('1.5').typed).toBe('15');
    expect(press('1.5.2', { allowDot: true }).typed).toBe('1.52');
    expect(press('.5', { allowDot: true }).typed).toBe('0.5');
    expect(numpadValue(press('12.25', { allowDot: true }), { allowDot: true })).toBe(12.25);
  });

  it('refuses digits past the limit; the dot does not count', () => {
    expect(press('123456', { limit: 4 }).typed).toBe('1234');
    expect(press('12.345', { limit: 4, allowDot: true }).typed).toBe('12.34');
  });

  it('caps percentage mode at 100', () => {
    const options: NumpadOptions = { mode: 'percentage', allowDot: true };
    expect(press('150', options).typed).toBe('100');
    expect(press('99.5', options).typed).toBe('99.5');
    expect(press('100.', options).typed).toBe('100');
    expect(initialNumpadState(250, options).typed).toBe('100');
    expect(press('5', options, initialNumpadState(250, options)).typed).toBe('5');
  });

  it('reads decimal mode as cents with 2 decimals: 1, 2, 3 shows 1.23', () => {
    const options: NumpadOptions = { mode: 'decimal' };
    const state = press('123', options);
    expect(numpadDisplay(state, options)).toBe('1.23');
    expect(numpadValue(state, options)).toBe(1.23);
    expect(numpadDisplay(press('5', options), options)).toBe('0.05');
    expect(numpadDisplay(press('00', options), options)).toBe('0.00');
    expect(numpadDisplay(press('.', options), options)).toBe('0.00');
    expect(numpadDisplay(press('123<', options), options)).toBe('0.12');
    expect(initialNumpadState(12.5, options)).toEqual({ typed: '1250', fresh: true });
  });

  it('steps by one unit with + and -, never below zero', () => {
    expect(press('9+').typed).toBe('10');
    expect(press('1--').typed).toBe('');
    expect(numpadDisplay(press('150+', { mode: 'decimal' }), { mode: 'decimal' })).toBe('2.50');
    expect(press('99+', { limit: 2 }).typed).toBe('99');
    expect(press('100+', { mode: 'percentage' }).typed).toBe('100');
  });

  it('clears and resets to a value', () => {
    expect(numpadReducer({ typed: '12' }, { type: 'clear' })).toEqual({ typed: '' });
    expect(numpadReducer({ typed: '12' }, { type: 'reset', value: 7 })).toEqual({ typed: '7', fresh: true });
    expect(initialNumpadState(3.7)).toEqual({ typed: '3', fresh: true });
    expect(initialNumpadState(3.7, { allowDot: true })).toEqual({ typed: '3.7', fresh: true });
  });

  it('replaces the value it opened with on the first digit or dot; backspace and +/- keep editing it', () => {
    expect(press('42', {}, initialNumpadState(1)).typed).toBe('42');
    expect(press('.5', { allowDot: true }, initialNumpadState(3, { allowDot: true })).typed).toBe('0.5');
    expect(press('<', {}, initialNumpadState(15)).typed).toBe('1');
    expect(press('+', {}, initialNumpadState(15)).typed).toBe('16');
    expect(press('+2', {}, initialNumpadState(15)).typed).toBe('162');
  });
});

describe('numpad keyboard shortcuts', () => {
  it('maps digits, backspace, +, -, dot and Enter; other keys do nothing', () => {
    expect(numpadActionForKey('7')).toEqual({ type: 'digit', digit: '7' });
    expect(numpadActionForKey('Backspace')).toEqual({ type: 'backspace' });
    expect(numpadActionForKey('.')).toEqual({ type: 'dot' });
    expect(numpadActionForKey('+')).toEqual({ type: 'increment' });
    expect(numpadActionForKey('-')).toEqual({ type: 'decrement' });
    expect(numpadActionForKey('Enter')).toBe('submit');
    expect(numpadActionForKey('a')).toBeNull();
    expect(numpadActionForKey('Escape')).toBeNull();
  });
});
