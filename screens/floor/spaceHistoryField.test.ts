import { describe, expect, it } from 'vitest';
import { hasField } from '../../engine/fields';
import { registerFloor } from './register';
import { historyVendorId } from './spaceHistoryField';

describe('historyVendorId', () => {
  it('takes the field value, then the form vendor_id at the top or in a tab', () => {
    expect(historyVendorId(104)).toBe(104);
    expect(historyVendorId({ vendor_id: '103' })).toBe(103);
    expect(historyVendorId(null, { vendor_id: 101 })).toBe(101);
    expect(historyVendorId(undefined, { username: 'x', general: { vendor_id: 102 } })).toBe(102);
    expect(historyVendorId(undefined, { general: { vendor_id: '' } })).toBeNull();
    expect(historyVendorId(0)).toBeNull();
  });
});

describe('the floor fields', () => {
  it('are registered by the floor area, not by the generic fields', () => {
    expect(hasField('spacehistory')).toBe(false);
    registerFloor();
    expect(hasField('spacehistory')).toBe(true);
    expect(hasField('floorlayout')).toBe(true);
  });
});
