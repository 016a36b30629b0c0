import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeUsername } from './auth';

describe('normalizeUsername', () => {
  it.each([
    ['admin', 'admin'],
    ['  Admin ', 'admin'],
    ['ADMIN', 'admin'],
    ['ａｄｍｉｎ', 'admin'],
    ['ＡＤＭＩＮ\u3000', 'admin'],
    ['\u3000\tadmin\u00a0', 'admin'],
    ['ﬁona', 'fiona'],
    ['Jean Luc', 'jean luc'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeUsername(raw)).toBe(expected);
  });

  it('is stable: normalising a normalised name changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => normalizeUsername(normalizeUsername(raw)) === normalizeUsername(raw)),
      { numRuns: 5000 },
    );
  });
});
