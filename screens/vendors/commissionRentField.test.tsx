// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasField } from '../../engine/fields';
import { snackbarStore } from '../../engine/notices';
import { popupStack } from '../../engine/popups';
import { FeeTermsPopup, VENDOR_MESSAGES } from '.';
import { CommissionRentField } from './commissionRentField';
import { registerVendors } from './register';

vi.mock('../../engine/session', async (original) => ({ ...(await original<object>()), useCan: () => true }));

afterEach(() => {
  cleanup();
  snackbarStore.clear();
  for (const entry of popupStack.getSnapshot()) entry.controls.close();
});

function renderField(values: Record<string, unknown>, saved: boolean) {
  render(
    <CommissionRentField
      name="fees.commission_rent"
      label="Commission / Monthly Rent"
      value={undefined}
      onChange={() => {}}
      form={{ values: () => values, saved: () => saved }}
    />,
  );
}

const messages = () => snackbarStore.getSnapshot().map((snackbar) => snackbar.message);

describe('commission_rent field', () => {
  it('is registered by the vendors area', () => {
    expect(hasField('commission_rent')).toBe(false);
    registerVendors();
    expect(hasField('commission_rent')).toBe(true);
  });

  it.each([
    ['an unsaved vendor', { general: { vendor_id: 101 } }, false],
    ['vendor number 0', { general: { vendor_id: 0 } }, true],
    ['no vendor number', { general: {} }, true],
  ])('refuses %s with the spec message', (_name, values, saved) => {
    renderField(values, saved);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Commission' }));
    });
    expect(messages()).toEqual([VENDOR_MESSAGES.notSaved]);
    expect(popupStack.getSnapshot()).toHaveLength(0);
  });

  it("opens the fee popup for the form's vendor number", () => {
    renderField({ general: { vendor_id: 102 } }, true);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Monthly Rent' }));
    });
    const [entry] = popupStack.getSnapshot();
    expect(entry?.component).toBe(FeeTermsPopup);
    expect(entry?.props).toEqual({ name: 'monthly_rent', vendorId: 102, canEdit: true });
    expect(messages()).toEqual([]);
  });
});
