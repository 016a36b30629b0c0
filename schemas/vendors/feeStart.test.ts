import { describe, expect, it } from 'vitest';
import { FEE_START_MESSAGES, feeStartError, normaliseFeeStart } from './feeStart';

describe('feeStartError', () => {
  it.each([
    ['2026-01-01', null],
    ['1970-01-01', null],
    ['9999-12-31', null],
    ['2024-02-29', null],
    ['2026-4-5', null],
    ['2026-13-01', FEE_START_MESSAGES.month],
    ['2026-00-10', FEE_START_MESSAGES.month],
    ['not a date', FEE_START_MESSAGES.month],
    ['2026-05-00', FEE_START_MESSAGES.day],
    ['2026-05-32', FEE_START_MESSAGES.day],
    ['2026-02-29', FEE_START_MESSAGES.day],
    ['2026-04-31', FEE_START_MESSAGES.day],
    ['1969-12-31', FEE_START_MESSAGES.year],
    ['0000-01-01', FEE_START_MESSAGES.year],
    ['10000-01-01', FEE_START_MESSAGES.year],
  ])('%s → %s', (start, message) => {
    expect(feeStartError(start)).toBe(message);
  });

  it('pads the stored start', () => {
    expect(normaliseFeeStart('2026-4-5')).toBe('2026-04-05');
    expect(normaliseFeeStart(' 2026-11-30 ')).toBe('2026-11-30');
  });
});
