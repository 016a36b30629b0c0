// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snackbarStore } from '../../engine/notices';
import { createPopupStack, PopupHost } from '../../engine/popups';
import { VendorPicker, VENDOR_SEARCH_DEBOUNCE_MS, type PickedVendor, type VendorPickerProps } from './VendorPicker';
import { fetchVendors, VENDOR_MESSAGES } from './vendorsApi';

vi.mock('./vendorsApi', async (original) => ({ ...(await original<object>()), fetchVendors: vi.fn() }));
const fetchMock = vi.mocked(fetchVendors);

const VENDORS = [
  { id: 7, username: 'vendor', active: 1, vendor_id: 101 },
  { id: 8, username: 'oldbarn', active: 1, vendor_id: 102 },
];

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(VENDORS);
});

afterEach(() => {
  cleanup();
  snackbarStore.clear();
});

async function open(props: VendorPickerProps = {}) {
  const stack = createPopupStack({ closeDelay: 0 });
  render(<PopupHost stack={stack} />);
  let answer!: Promise<PickedVendor | PickedVendor[]>;
  act(() => {
    answer = stack.open(VendorPicker, props);
  });
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  // Wrapped: an async function answering a promise would wait for it.
  return { answer };
}

describe('VendorPicker', () => {
  it('lists active vendors first, then searches 500 ms after the last keystroke', async () => {
    await open();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]!.slice(0, 2)).toEqual(['active', '']);
    expect((screen.getByRole('combobox', { name: 'Vendor filter' }) as HTMLSelectElement).value).toBe('active');

    const started = Date.now();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search vendors' }), { target: { value: 'o' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search vendors' }), { target: { value: 'ol' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2), { timeout: 2000 });
    // Only the settled text is searched, no sooner than the debounce.
    expect(Date.now() - started).toBeGreaterThanOrEqual(VENDOR_SEARCH_DEBOUNCE_MS - 20);
    expect(fetchMock.mock.calls[1]!.slice(0, 2)).toEqual(['active', 'ol']);

    fireEvent.change(screen.getByRole('combobox', { name: 'Vendor filter' }), { target: { value: 'all' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(fetchMock.mock.calls[2]!.slice(0, 2)).toEqual(['all', 'ol']);
  });

  it('resolves with the chosen vendor', async () => {
    const { answer } = await open();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: /oldbarn/ }));
    });
    await expect(answer).resolves.toEqual({ id: 8, username: 'oldbarn', vendor_id: 102 });
  });

  it('resolves with every vendor chosen in multiselect, those chosen before marked', async () => {
    const { answer } = await open({ multiple: true, selected: [101] });
    expect(screen.getByRole('option', { name: /vendor #101/ }).getAttribute('aria-selected')).toBe('true');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: /oldbarn/ }));
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    });
    await expect(answer).resolves.toEqual([
      { id: 7, username: 'vendor', vendor_id: 101 },
      { id: 8, username: 'oldbarn', vendor_id: 102 },
    ]);
  });

  it('says no user was found when the list fails', async () => {
    fetchMock.mockRejectedValue(new Error('down'));
    await open();
    await waitFor(() => expect(snackbarStore.getSnapshot().map((snackbar) => snackbar.message)).toEqual([VENDOR_MESSAGES.noVendor]));
  });
});
