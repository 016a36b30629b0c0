// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { PRINT_FRAME_ATTRIBUTE, printInHiddenFrame, printReceipt } from './printReceipt';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('printing through a hidden frame', () => {
  it('adds a hidden frame with the receipt URL and removes it after 5000 ms', () => {
    vi.useFakeTimers();
    const frame = printReceipt(DEFAULT_OPTIONS, 'sale', 12);
    expect(frame?.getAttribute('src')).toBe('/api/nexopos/v4/receipts/sale/12');
    expect(document.querySelectorAll(`[${PRINT_FRAME_ATTRIBUTE}]`)).toHaveLength(1);
    expect(frame?.style.visibility).toBe('hidden');
    vi.advanceTimersByTime(4999);
    expect(document.querySelectorAll(`[${PRINT_FRAME_ATTRIBUTE}]`)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(document.querySelectorAll(`[${PRINT_FRAME_ATTRIBUTE}]`)).toHaveLength(0);
  });

  it('calls print once the frame has loaded', () => {
    vi.useFakeTimers();
    const frame = printInHiddenFrame('about:blank');
    const print = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { print, focus: vi.fn() } });
    frame.dispatchEvent(new Event('load'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('prints nothing through a gateway other than default', () => {
    const options = { ...DEFAULT_OPTIONS, ns_pos_printing_gateway: 'nps' } as unknown as typeof DEFAULT_OPTIONS;
    expect(printReceipt(options, 'refund', 3)).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
