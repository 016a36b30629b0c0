import { describe, expect, it } from 'vitest';
import {
  CHECK_ID_REQUIRED,
  CHECK_NUMBER_REQUIRED,
  checkoutCheckInfo,
  checkPaymentErrors,
  parseOrderExtra,
  storedCheckInfo,
  visibleCheckInfo,
  withCheckoutCheckInfo,
} from './checkPayment';

const ID = { fullName: 'JANE MONTGOMERY', dateOfBirth: '1985-07-04', licenseNumber: 'D1234567', address: '2570 24TH STREET' };

describe('check payment rule', () => {
  it('asks for the number on every check and the ID only strictly above the amount', () => {
    expect(checkPaymentErrors(1_000_000, { checkNumber: '7' }, 1_000_000)).toBeNull();
    expect(checkPaymentErrors(1_000_100, { checkNumber: '7', fullName: 'JANE', address: ' ' }, 1_000_000)).toEqual({
      'checkinfo.dateOfBirth': [CHECK_ID_REQUIRED],
      'checkinfo.licenseNumber': [CHECK_ID_REQUIRED],
      'checkinfo.address': [CHECK_ID_REQUIRED],
    });
    expect(checkPaymentErrors(100, undefined, 1_000_000)).toEqual({ 'checkinfo.checkNumber': [CHECK_NUMBER_REQUIRED] });
    expect(checkPaymentErrors(100, { checkNumber: '7', ...ID }, 0)).toBeNull();
  });

  it('stores trimmed texts and shows the ID to staff only', () => {
    expect(storedCheckInfo({ checkNumber: ' 12 ', fullName: '', phoneNumber: '  ' })).toEqual({ checkNumber: '12' });
    expect(visibleCheckInfo({ checkNumber: '12', ...ID }, true)).toEqual({ checkNumber: '12', ...ID });
    expect(visibleCheckInfo({ checkNumber: '12', ...ID }, false)).toEqual({ checkNumber: '12' });
    expect(visibleCheckInfo(ID, false)).toEqual({});
  });

  it("gives a checkout's check the body's extra.checkinfo when it has none, and keeps the last check's on the order", () => {
    const body = { extra: { checkinfo: { checkNumber: '5' } }, payments: [] };
    expect(withCheckoutCheckInfo({ identifier: 'check', value: 10 }, body)).toEqual({ identifier: 'check', value: 10, checkinfo: { checkNumber: '5' } });
    expect(withCheckoutCheckInfo({ identifier: 'cash-payment', value: 10 }, body)).toEqual({ identifier: 'cash-payment', value: 10 });
    const payments = [
      { identifier: 'check', value: 10, checkinfo: { checkNumber: '6' } },
      { identifier: 'check', value: 10, checkinfo: { checkNumber: '7' } },
    ];
    expect(checkoutCheckInfo({ ...body, payments })).toEqual({ checkNumber: '7' });
    expect(checkoutCheckInfo(body)).toEqual({ checkNumber: '5' });
    expect(checkoutCheckInfo({ payments: [] })).toBeNull();
  });

  it('reads the extra data, {} when it is not an object', () => {
    expect(parseOrderExtra('{"checkinfo":{"checkNumber":"9"}}')).toEqual({ checkinfo: { checkNumber: '9' } });
    for (const text of [null, '', 'not json', '[1]', '3']) expect(parseOrderExtra(text)).toEqual({});
  });
});
