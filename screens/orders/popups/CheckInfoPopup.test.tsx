// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupHost, popupStack } from '../../../engine/popups';
import { CHECK_ID_REQUIRED, CHECK_NUMBER_REQUIRED } from '../../../schemas/orders/checkPayment';
import { openCheckInfoPopup } from './index';
import { LICENCE_SCAN } from '../../../tests/fixtures/licence';

const LICENCE = LICENCE_SCAN;

afterEach(async () => {
  act(() => popupStack.getSnapshot().forEach((entry) => entry.controls.close()));
  await waitFor(() => expect(popupStack.getSnapshot()).toHaveLength(0), { timeout: 2000 });
  cleanup();
});

function open(value: number, idAbove: number) {
  render(<PopupHost />);
  let answer!: ReturnType<typeof openCheckInfoPopup>;
  act(() => {
    answer = openCheckInfoPopup(value, idAbove);
  });
  return answer;
}
const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

describe('Check Payment popup', () => {
  it('takes the check number alone at or below the ID amount', async () => {
    const answer = open(450_000, 450_000);
    confirm();
    expect(screen.getByText(CHECK_NUMBER_REQUIRED)).toBeTruthy();
    type('Check Number', ' 1042 ');
    confirm();
    expect(await answer).toEqual({ checkNumber: '1042' });
  });

  it('asks for the ID above the amount, and a licence scan fills it', async () => {
    const answer = open(1_000_100, 1_000_000);
    type('Check Number', '1043');
    confirm();
    expect(screen.getAllByText(CHECK_ID_REQUIRED)).toHaveLength(4);
    type('Licence Scan', LICENCE);
    // The scan is read once the scanner's typing has been idle for 300 ms.
    await waitFor(() => expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('JANE MONTGOMERY'), { timeout: 2000 });
    confirm();
    expect(await answer).toEqual({
      checkNumber: '1043',
      fullName: 'JANE MONTGOMERY',
      dateOfBirth: '1985-07-04',
      licenseNumber: 'D1234567',
      address: '2570 24TH STREET, SACRAMENTO, CA 95818',
    });
  });

  it('answers null when cancelled', async () => {
    const answer = open(100, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await answer).toBeNull();
  });
});
