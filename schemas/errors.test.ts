import { describe, expect, it } from 'vitest';
import { formErrorItemsOf } from './errors';

describe('form error items', () => {
  it('turns keyed messages into invalid items, one per message, in order', () => {
    expect(formErrorItemsOf({ 'general.email': ['Taken.', 'Too long.'], 'products.0.quantity': ['Must be positive.'], empty: [] })).toEqual([
      { identifier: 'invalid', invalid: true, message: 'Taken.', name: 'general.email' },
      { identifier: 'invalid', invalid: true, message: 'Too long.', name: 'general.email' },
      { identifier: 'invalid', invalid: true, message: 'Must be positive.', name: 'products.0.quantity' },
    ]);
  });
});
