import { describe, expect, it } from 'vitest';
import { getComponent, hasComponent, registerComponent } from './components';

describe('the extra components registry', () => {
  it('returns the component registered under a name', () => {
    const Preview = () => null;
    registerComponent('preview-test', Preview);
    expect(hasComponent('preview-test')).toBe(true);
    expect(getComponent('preview-test')).toBe(Preview);
  });

  it('fails with the spec message for an unregistered name', () => {
    expect(hasComponent('nowhere-test')).toBe(false);
    expect(() => getComponent('nowhere-test')).toThrow(
      'Unable to load the component "nowhere-test". Make sure the component is registered to the extra components registry.',
    );
  });
});
