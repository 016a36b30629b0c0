import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSnackbarStore, DEFAULT_SNACKBAR_DURATION } from './snackbarStore';

afterEach(() => vi.useRealTimers());

describe('the snackbar store', () => {
  it('closes a snackbar after 3000 ms by default', () => {
    vi.useFakeTimers();
    const store = createSnackbarStore();
    store.show({ message: 'Successfully Saved', variant: 'success' });
    expect(store.getSnapshot()).toMatchObject([{ message: 'Successfully Saved', variant: 'success', duration: 3000 }]);
    vi.advanceTimersByTime(DEFAULT_SNACKBAR_DURATION - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps a snackbar with duration 0 until dismissed, and notifies subscribers', () => {
    vi.useFakeTimers();
    const store = createSnackbarStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const id = store.show({ message: 'Unable to load the form.', variant: 'error', duration: 0, action: { label: 'OKAY' } });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
