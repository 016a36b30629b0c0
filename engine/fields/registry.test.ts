import { describe, expect, it } from 'vitest';
import { getField, hasField, registerField } from './registry';

describe('the field registry', () => {
  it('returns the component registered for a type', () => {
    const RatingField = () => null;
    registerField('rating-test', RatingField);
    expect(hasField('rating-test')).toBe(true);
    expect(getField('rating-test')).toBe(RatingField);
  });

  it('fails with the spec message for an unregistered type', () => {
    expect(() => getField('floorlayout-missing')).toThrow(
      'Unable to load the component "floorlayout-missing". Make sure the component is registered to the extra components registry.',
    );
  });
});
