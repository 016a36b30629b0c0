import { describe, expect, it } from 'vitest';
import { humanizeCode, isLabelKind, labelOf, toneOf } from './index';

describe('labelOf', () => {
  it('answers the labels the issue found shown as codes', () => {
    expect(labelOf('payment_status', 'partially_refunded')).toBe('Partially Refunded');
    expect(labelOf('payment_status', 'order_void')).toBe('Void');
    expect(labelOf('role', 'store_administrator')).toBe('Store Administrator');
    expect(labelOf('product_type', 'dynamic')).toBe('Dynamic');
    expect(labelOf('tax_type', 'exclusive')).toBe('Exclusive');
    expect(labelOf('register_status', 'opened')).toBe('Opened');
  });

  it('uses the spec wording for spaces and alerts', () => {
    expect(labelOf('space_status', 'for_rent')).toBe('For Rent');
    expect(labelOf('alert_approval', 'decline')).toBe('Declined');
    expect(labelOf('audit_action', 'order.payment_delete')).toBe('Payment deleted');
    expect(labelOf('audit_entity', 'vendor_ledger')).toBe('Vendor ledger');
  });

  it('humanises a code no table names instead of showing it raw', () => {
    expect(labelOf('payment_status', 'awaiting_bank')).toBe('Awaiting Bank');
    expect(labelOf('audit_action', 'floor.space_move')).toBe('Floor Space Move');
    expect(humanizeCode('  a-b_c  ')).toBe('A B C');
  });

  it('answers nothing for an empty value and reads numbers as codes', () => {
    expect(labelOf('role', null)).toBe('');
    expect(labelOf('role', undefined)).toBe('');
    expect(labelOf('role', '')).toBe('');
    expect(labelOf('product_status', 7)).toBe('7');
  });

  it('does not take object keys for codes', () => {
    expect(labelOf('role', 'constructor')).toBe('Constructor');
    expect(labelOf('role', '__proto__')).toBe('Proto');
  });
});

describe('toneOf', () => {
  it('colours status codes by meaning', () => {
    expect(toneOf('payment_status', 'paid')).toBe('success');
    expect(toneOf('payment_status', 'unpaid')).toBe('danger');
    expect(toneOf('payment_status', 'partially_refunded')).toBe('warning');
    expect(toneOf('register_status', 'opened')).toBe('success');
    expect(toneOf('register_status', 'disabled')).toBe('danger');
  });

  it('reads neutral for unknown codes, kinds without tones and no kind', () => {
    expect(toneOf('payment_status', 'awaiting_bank')).toBe('neutral');
    expect(toneOf('role', 'administrator')).toBe('neutral');
    expect(toneOf(undefined, 'paid')).toBe('neutral');
    expect(toneOf('payment_status', null)).toBe('neutral');
  });
});

describe('isLabelKind', () => {
  it('knows the kinds and nothing else', () => {
    expect(isLabelKind('payment_status')).toBe(true);
    expect(isLabelKind('toString')).toBe(false);
    expect(isLabelKind(3)).toBe(false);
  });
});
