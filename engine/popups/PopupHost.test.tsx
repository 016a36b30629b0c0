// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmPopup } from './builtins/ConfirmPopup';
import { PromptPopup } from './builtins/PromptPopup';
import { PopupHost } from './PopupHost';
import { createPopupStack, PopupDismissed } from './popupStack';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const stack = createPopupStack({ closeDelay: 300 });
  render(<PopupHost stack={stack} />);
  return stack;
}

describe('PopupHost', () => {
  it('answers the confirm popup with Yes / No', async () => {
    const stack = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = stack.open(ConfirmPopup, { message: 'Would you like to delete this ?' });
    });
    expect(screen.getByRole('dialog', { name: 'Would you like to delete this ?' })).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    });
    await expect(answer).resolves.toBe(true);
  });

  it('closes the topmost popup only on Escape', async () => {
    vi.useFakeTimers();
    const stack = setup();
    let bottom!: Promise<boolean>;
    let top!: Promise<unknown>;
    act(() => {
      bottom = stack.open(ConfirmPopup, { message: 'Bottom' });
      top = stack.open(PromptPopup, { title: 'Top', withCartCheckbox: true });
    });
    expect(screen.getByText('Add Items To Shopping Cart')).toBeTruthy();
    const bottomSettled = vi.fn();
    bottom.then(bottomSettled, bottomSettled);
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    });
    await expect(top).rejects.toBeInstanceOf(PopupDismissed);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole('dialog', { name: 'Top' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Bottom' })).toBeTruthy();
    expect(bottomSettled).not.toHaveBeenCalled();
  });

  it('resolves the prompt with the typed value and the checkbox', async () => {
    const stack = setup();
    let answer!: Promise<unknown>;
    act(() => {
      answer = stack.open(PromptPopup, { title: 'Note', input: 'text', withCartCheckbox: true });
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'fragile' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add Items To Shopping Cart' }));
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await expect(answer).resolves.toEqual({ value: 'fragile', addToCart: true });
  });
});
