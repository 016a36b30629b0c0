import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_KEYS } from '../../schemas/options';
import { changedOptions } from './changedOptions';
import { optionFieldOf } from './optionField';
import { SETTINGS_GROUPS } from './settingsGroups';

describe('the settings layout', () => {
  it('places every option in exactly one group', () => {
    const placed = SETTINGS_GROUPS.flatMap((group) => group.options.map((option) => option.key));
    expect([...placed].sort()).toEqual([...OPTION_KEYS].sort());
  });

  it('picks the field from the option schema', () => {
    expect(optionFieldOf('ns_store_name')).toEqual({ type: 'text' });
    expect(optionFieldOf('ns_currency_precision')).toEqual({ type: 'number' });
    expect(optionFieldOf('ns_pos_creditcard_flat_fee')).toEqual({ type: 'number' });
    expect(optionFieldOf('ns_enable_coupon')).toEqual({
      type: 'select',
      options: [
        { label: 'No', value: 0 },
        { label: 'Yes', value: 1 },
      ],
    });
    expect(optionFieldOf('ns_pos_printing_gateway')).toEqual({ type: 'select', options: [{ label: 'Default', value: 'default' }] });
  });
});

describe('changedOptions', () => {
  it('keeps only the options that differ from the saved ones', () => {
    const draft = { ...DEFAULT_OPTIONS, ns_store_name: 'Riverside', ns_currency_precision: 3 };
    expect(changedOptions(DEFAULT_OPTIONS, draft)).toEqual({ ns_store_name: 'Riverside', ns_currency_precision: 3 });
    expect(changedOptions(DEFAULT_OPTIONS, { ...DEFAULT_OPTIONS })).toEqual({});
  });
});
