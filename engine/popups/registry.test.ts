import { afterEach, describe, expect, it } from 'vitest';
import { openPopup } from './openPopup';
import { popupStack } from './popupStack';
import { registerPopup } from './registry';

const Dummy = () => null;

afterEach(() => {
  for (const entry of popupStack.getSnapshot()) entry.controls.resolve(undefined);
});

describe('popups registered by name', () => {
  it('open with the options they were registered with, under the caller’s own', () => {
    registerPopup('test-wide', Dummy, { width: '900px' });
    void openPopup('test-wide');
    expect(popupStack.getSnapshot().at(-1)?.options).toEqual({ width: '900px' });
    void openPopup('test-wide', {}, { width: '30vw' });
    expect(popupStack.getSnapshot().at(-1)?.options).toEqual({ width: '30vw' });
  });

  it('re-registering without options drops the old ones', () => {
    registerPopup('test-wide', Dummy, { width: '900px' });
    registerPopup('test-wide', Dummy);
    void openPopup('test-wide');
    expect(popupStack.getSnapshot().at(-1)?.options).toEqual({});
  });
});
