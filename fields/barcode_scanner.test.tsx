// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LICENCE_SCANNED_EVENT, NOT_A_LICENCE_MESSAGE } from '../engine/licence';
import { BarcodeScannerField } from './barcode_scanner';
import { LICENCE_SCAN } from '../tests/fixtures/licence';

const LICENCE = LICENCE_SCAN;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('barcode_scanner field', () => {
  it('reads a scan once typing goes idle, fills the declared fields and announces the licence', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    const setValue = vi.fn();
    const announced = vi.fn();
    document.addEventListener(LICENCE_SCANNED_EVENT, (event) => announced((event as CustomEvent).detail));
    render(
      <BarcodeScannerField
        name="general.licence"
        label="Driver's Licence"
        value={undefined}
        onChange={onChange}
        field={{
          name: 'licence',
          label: "Driver's Licence",
          type: 'barcode_scanner',
          fills: { firstName: 'general.first_name', lastName: 'general.last_name' },
        }}
        form={{ values: () => ({}), saved: () => true, setValue }}
      />,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: LICENCE } });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(350);
    });
    const licence = {
      lastName: 'MONTGOMERY',
      firstName: 'JANE',
      gender: 'female',
      street: '2570 24TH STREET',
      city: 'SACRAMENTO',
      state: 'CA',
      zip: '95818',
      dob: '1985-07-04',
      dln: 'D1234567',
    };
    expect(onChange).toHaveBeenCalledWith(licence);
    expect(setValue.mock.calls).toEqual([
      ['general.first_name', 'JANE'],
      ['general.last_name', 'MONTGOMERY'],
    ]);
    expect(announced).toHaveBeenCalledWith(licence);
    expect(screen.getByRole('textbox')).toHaveProperty('value', '');
  });

  it('says so when the scan is not a licence', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<BarcodeScannerField name="general.licence" label="Driver's Licence" value={undefined} onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '4006381333931' } });
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_A_LICENCE_MESSAGE)).toBeTruthy();
  });

  it('shows the nine fields of a scanned licence', () => {
    render(<BarcodeScannerField name="general.licence" label="Driver's Licence" value={{ lastName: 'DOE', firstName: 'JO', dln: 'X1' }} onChange={() => {}} />);
    const list = screen.getByLabelText('Scanned licence');
    expect(list.textContent).toContain('Last Name:DOE');
    expect(list.textContent).toContain('Licence Number:X1');
  });
});
