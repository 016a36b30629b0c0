import { describe, expect, it } from 'vitest';
import { applyPhoneMask } from './phoneMask';

describe('applyPhoneMask', () => {
  it.each([
    ['5551234567', '+1 (555) 123-4567'],
    ['555-123-4567', '+1 (555) 123-4567'],
    ['+1 (555) 123-4567', '+1 (555) 123-4567'],
    ['+1 (555) 123-45678', '+1 (555) 123-4567'],
    ['555', '+1 (555'],
    ['+1 (555) 1', '+1 (555) 1'],
    ['+1 (55', '+1 (55'],
    ['+1 (', ''],
    ['', ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(applyPhoneMask(input)).toBe(expected);
  });
});
