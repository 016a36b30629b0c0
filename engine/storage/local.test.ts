// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { readLocal, readLocalWithExpiry, removeLocal, writeLocal, writeLocalWithExpiry } from './local';

afterEach(() => localStorage.clear());

describe('local storage helpers', () => {
  it('round-trips JSON values and falls back when absent or malformed', () => {
    writeLocal('documents', [{ id: 1, name: 'lease.pdf' }]);
    expect(readLocal('documents', [])).toEqual([{ id: 1, name: 'lease.pdf' }]);
    expect(readLocal('missing', 'fallback')).toBe('fallback');
    localStorage.setItem('broken', '{not json');
    expect(readLocal('broken', 0)).toBe(0);
    removeLocal('documents');
    expect(readLocal('documents', null)).toBeNull();
  });

  it('forgets an expiring entry once its time has passed', () => {
    writeLocalWithExpiry('temp-documents', [7], 3_600_000, 1_000);
    expect(readLocalWithExpiry('temp-documents', [], 3_600_999)).toEqual([7]);
    expect(readLocalWithExpiry('temp-documents', [], 3_601_000)).toEqual([]);
    expect(localStorage.getItem('temp-documents')).toBeNull();
  });
});
