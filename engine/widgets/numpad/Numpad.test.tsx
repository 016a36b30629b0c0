// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Numpad } from './Numpad';

afterEach(cleanup);

const press = (key: string) => act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key })));

describe('the numpad', () => {
  it('answers keyboard shortcuts only while its popup is visible (keyboard on)', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Numpad label="Quantity" onSubmit={onSubmit} keyboard={false} />);
    press('5');
    expect(screen.getByLabelText('Quantity').textContent).toBe('0');

    rerender(<Numpad label="Quantity" onSubmit={onSubmit} keyboard />);
    press('5');
    press('7');
    press('Backspace');
    press('+');
    expect(screen.getByLabelText('Quantity').textContent).toBe('6');
    press('Enter');
    expect(onSubmit).toHaveBeenCalledWith(6);
  });

  it('submits every key of a burst handled before the next render', () => {
    // A scanner's hand-back replays short bursts then lets Enter through, all in one task.
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    render(<Numpad label="Discount" initialValue={1} onChange={onChange} onSubmit={onSubmit} keyboard />);
    act(() => {
      for (const key of ['1', '0', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
    });
    expect(onChange.mock.calls).toEqual([[1], [10]]);
    expect(onSubmit).toHaveBeenCalledWith(10);
    expect(screen.getByLabelText('Discount').textContent).toBe('10');
  });

  it('shows cents in decimal mode and submits with the Enter key button', () => {
    const onSubmit = vi.fn();
    render(<Numpad label="Amount" mode="decimal" onSubmit={onSubmit} />);
    for (const digit of ['1', '2', '3']) fireEvent.click(screen.getByRole('button', { name: digit }));
    expect(screen.getByLabelText('Amount').textContent).toBe('1.23');
    expect(screen.queryByRole('button', { name: '.' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    expect(onSubmit).toHaveBeenCalledWith(1.23);
  });

  it('has a dot key in the plus variant', () => {
    render(<Numpad label="Quantity" allowDot onSubmit={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    fireEvent.click(screen.getByRole('button', { name: '.' }));
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    expect(screen.getByLabelText('Quantity').textContent).toBe('1.5');
  });
});
