// @vitest-environment happy-dom
import { useEffect, useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScanDetector } from './useScanDetector';

afterEach(cleanup);

/** A page with a controlled search box and a numpad-like window listener, as the till has. */
function Page({ onScan, onNumpadKey }: { onScan(code: string): void; onNumpadKey(key: string): void }) {
  const [text, setText] = useState('');
  useScanDetector(onScan);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onNumpadKey(event.key);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onNumpadKey]);
  return (
    <>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button">Pay</button>
    </>
  );
}

const press = (target: Element, keys: string[]) =>
  keys.forEach((key) => target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));

describe('useScanDetector in a page', () => {
  it('keeps a scan out of the focused search box and hands typing back into it, as React sees it', async () => {
    const onScan = vi.fn();
    render(<Page onScan={onScan} onNumpadKey={() => undefined} />);
    const search = screen.getByLabelText('Search') as HTMLInputElement;
    search.focus();
    press(search, [...'4006381333931', 'Enter']);
    expect(onScan).toHaveBeenCalledWith('4006381333931');
    expect(search.value).toBe('');

    press(search, ['m']);
    expect(search.value).toBe('');
    await waitFor(() => expect(search.value).toBe('m'));
  });

  it('hands typed digits to a window listener (the payment numpad) one gap late; a scan never reaches it', async () => {
    const onScan = vi.fn();
    const numpad: string[] = [];
    render(<Page onScan={onScan} onNumpadKey={(key) => numpad.push(key)} />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    press(pay, [...'123456', 'Tab']);
    expect(onScan).toHaveBeenCalledWith('123456');
    expect(numpad).toEqual([]);

    press(pay, ['7']);
    expect(numpad).toEqual([]);
    await waitFor(() => expect(numpad).toEqual(['7']));
  });
});
