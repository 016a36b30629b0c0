// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../../schemas/options';
import { snackbarStore } from '../../../engine/notices';
import { PopupHost, popupStack } from '../../../engine/popups';
import { sessionQueryKeys } from '../../../engine/session/sessionQueryKeys';
import {
  capDiscountValue,
  initialDiscountValue,
  openDiscountPopup,
  openProductNamePopup,
  openProductPricePopup,
  openQuantityPopup,
  QUANTITY_MESSAGES,
} from './index';

afterEach(async () => {
  act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
  // The shared stack removes closed popups after their 300 ms animation.
  await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
  cleanup();
  snackbarStore.clear();
});

function host(numpad: 'default' | 'advanced' = 'default') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueryKeys.options, { ...DEFAULT_OPTIONS, ns_pos_numpad: numpad, ns_user_role: 'cashier', ns_realtime_enabled: false });
  render(
    <QueryClientProvider client={client}>
      <PopupHost />
    </QueryClientProvider>,
  );
}

/** Opens a popup through its open function inside act, without awaiting the answer. */
function opened<T>(open: () => Promise<T>): Promise<T> {
  let answer!: Promise<T>;
  act(() => {
    answer = open();
  });
  return answer;
}

const key = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const typeKeys = (...names: string[]) => names.forEach(key);
const screenOf = (label: string) => screen.getByLabelText(label, { selector: 'output' }).textContent;

describe('discount rules', () => {
  it('defaults to 1 % and 0.01, or the current discount of that type', () => {
    expect(initialDiscountValue('percentage')).toBe(1);
    expect(initialDiscountValue('flat')).toBe(0.01);
    expect(initialDiscountValue('flat', { type: 'flat', value: 2.5 })).toBe(2.5);
    expect(initialDiscountValue('percentage', { type: 'flat', value: 2.5 })).toBe(1);
  });
  it('caps a percentage at 99 and refuses a flat amount reaching the base', () => {
    expect(capDiscountValue('percentage', 100, 10)).toBe(99);
    expect(capDiscountValue('percentage', 45, 10)).toBe(45);
    expect(capDiscountValue('flat', 9.99, 10)).toBe(9.99);
    expect(capDiscountValue('flat', 10, 10)).toBeNull();
    expect(capDiscountValue('flat', 12, 10)).toBeNull();
  });
});

describe('Discount popup', () => {
  it('opens in percentage at 1, caps at 99 and resolves the choice', async () => {
    host();
    const answer = opened(() => openDiscountPopup({ title: 'Product Discount', base: 20 }));
    expect(screen.getByRole('dialog', { name: 'Product Discount' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Percentage' }).getAttribute('aria-pressed')).toBe('true');
    expect(screenOf('Product Discount')).toBe('1 %');
    typeKeys('1', '5', '0');
    expect(screenOf('Product Discount')).toBe('99 %');
    key('Enter');
    await expect(answer).resolves.toEqual({ type: 'percentage', value: 99 });
  });

  it('resolves keys typed faster than a render (a short burst handed back, then Enter)', async () => {
    host();
    const answer = opened(() => openDiscountPopup({ title: 'Product Discount', base: 44 }));
    act(() => {
      for (const name of ['1', '0', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key: name }));
    });
    await expect(answer).resolves.toEqual({ type: 'percentage', value: 10 });
  });

  it('types flat amounts as cents from 0.01 and ignores keys reaching the base', async () => {
    host();
    const answer = opened(() => openDiscountPopup({ title: 'Cart Discount', base: 10 }));
    key('Flat');
    expect(screenOf('Cart Discount')).toBe('0.01');
    typeKeys('9', '9', '9');
    expect(screenOf('Cart Discount')).toBe('9.99');
    key('9'); // 99.99 would exceed the base of 10: ignored
    expect(screenOf('Cart Discount')).toBe('9.99');
    typeKeys('1', '0', '0', '0'); // 10.00 reaches the base: ignored
    expect(screenOf('Cart Discount')).not.toBe('10.00');
    key('Backspace');
    key('Enter');
    const choice = await answer;
    expect(choice?.type).toBe('flat');
    expect(choice!.value).toBeLessThan(10);
  });

  it('reopens on the current discount and answers null when closed', async () => {
    host();
    const answer = opened(() => openDiscountPopup({ title: 'Product Discount', base: 50, current: { type: 'flat', value: 2.5 } }));
    expect(screen.getByRole('button', { name: 'Flat' }).getAttribute('aria-pressed')).toBe('true');
    expect(screenOf('Product Discount')).toBe('2.50');
    key('Close');
    await expect(answer).resolves.toBeNull();
  });
});

describe('Define Quantity popup', () => {
  it('opens at 1, refuses 0 with the spec message and resolves a quantity', async () => {
    host();
    const answer = opened(() => openQuantityPopup());
    expect(screen.getByRole('dialog', { name: 'Define Quantity' })).toBeTruthy();
    expect(screenOf('Define Quantity')).toBe('1');
    key('Backspace');
    key('Enter');
    expect(snackbarStore.getSnapshot().map((s) => s.message)).toEqual([QUANTITY_MESSAGES.required]);
    expect(screen.getByRole('dialog', { name: 'Define Quantity' })).toBeTruthy();
    typeKeys('3');
    key('Enter');
    await expect(answer).resolves.toBe(3);
  });

  it('has a dot key only when decimals are allowed', async () => {
    host();
    const answer = opened(() => openQuantityPopup({ title: 'Quantity', current: 2, allowDecimal: true }));
    typeKeys('1', '.', '5');
    key('Enter');
    await expect(answer).resolves.toBe(1.5);
    opened(() => openQuantityPopup());
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '.' })).toBeNull();
  });
});

describe('Product Price popup', () => {
  it('uses the default numpad (cents) and ignores 0', async () => {
    host('default');
    const answer = opened(() => openProductPricePopup(12.5));
    expect(screenOf('Product Price')).toBe('12.50');
    expect(screen.queryByRole('button', { name: '.' })).toBeNull();
    key('Backspace');
    key('Backspace');
    key('Backspace');
    key('Backspace');
    key('Enter');
    expect(screen.getByRole('dialog', { name: 'Product Price' })).toBeTruthy();
    typeKeys('7', '2', '5');
    key('Enter');
    await expect(answer).resolves.toBe(7.25);
  });

  it('uses the advanced numpad (dot key) when ns_pos_numpad is advanced', async () => {
    host('advanced');
    const answer = opened(() => openProductPricePopup(4));
    typeKeys('9', '.', '5');
    key('Enter');
    await expect(answer).resolves.toBe(9.5);
  });
});

describe('Product Name popup', () => {
  it('resolves the trimmed name, cannot confirm an empty one, and answers null on Cancel', async () => {
    host();
    const answer = opened(() => openProductNamePopup('Gift'));
    const input = screen.getByRole('textbox', { name: 'Product Name' });
    fireEvent.change(input, { target: { value: '  ' } });
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' Gift card ' } });
    key('Continue');
    await expect(answer).resolves.toBe('Gift card');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
    const second = opened(() => openProductNamePopup('X'));
    key('Cancel');
    await expect(second).resolves.toBeNull();
  });
});
