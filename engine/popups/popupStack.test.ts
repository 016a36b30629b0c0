import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPopupStack, PopupDismissed, POPUP_CLOSE_DELAY } from './popupStack';

const Dummy = () => null;

afterEach(() => vi.useRealTimers());

describe('the popup stack', () => {
  it('resolves the opener with what the popup resolves, then removes it after the close animation', async () => {
    vi.useFakeTimers();
    const stack = createPopupStack();
    const answer = stack.open<string>(Dummy, { title: 'Name' });
    const [entry] = stack.getSnapshot();
    entry?.controls.resolve('Ann');
    await expect(answer).resolves.toBe('Ann');
    expect(stack.getSnapshot()[0]?.closing).toBe(true);
    vi.advanceTimersByTime(POPUP_CLOSE_DELAY - 1);
    expect(stack.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(stack.getSnapshot()).toHaveLength(0);
  });

  it('dismisses the topmost popup only, rejecting its promise', async () => {
    vi.useFakeTimers();
    const stack = createPopupStack();
    const bottom = stack.open(Dummy);
    const top = stack.open(Dummy);
    const bottomSettled = vi.fn();
    bottom.then(bottomSettled, bottomSettled);

    stack.dismissTop();
    await expect(top).rejects.toBeInstanceOf(PopupDismissed);
    await Promise.resolve();
    expect(bottomSettled).not.toHaveBeenCalled();
    expect(stack.getSnapshot().map((entry) => entry.closing)).toEqual([false, true]);

    // A second dismissal during the animation reaches the next popup down, not the closing one.
    stack.dismissTop();
    await expect(bottom).rejects.toBeInstanceOf(PopupDismissed);
    vi.advanceTimersByTime(POPUP_CLOSE_DELAY);
    expect(stack.getSnapshot()).toHaveLength(0);
  });

  it("asks the popup's dismiss guard before Escape or the overlay closes it", async () => {
    const stack = createPopupStack({ closeDelay: 0 });
    const answer = stack.open(Dummy);
    const settled = vi.fn();
    answer.then(settled, settled);
    const entry = stack.getSnapshot()[0]!;
    let allow = false;
    entry.controls.guardDismiss(async () => allow);
    await stack.dismissTop();
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    expect(stack.getSnapshot()[0]?.closing).toBe(false);
    allow = true;
    await stack.dismissTop();
    await expect(answer).rejects.toBeInstanceOf(PopupDismissed);
  });

  it('settles a popup once: later answers are ignored', async () => {
    const stack = createPopupStack({ closeDelay: 0 });
    const answer = stack.open<number>(Dummy);
    const controls = stack.getSnapshot()[0]?.controls;
    controls?.resolve(1);
    controls?.reject(new Error('late'));
    controls?.resolve(2);
    await expect(answer).resolves.toBe(1);
  });
});
