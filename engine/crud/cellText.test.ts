import { describe, expect, it } from 'vitest';
import { cellText } from './cellText';

describe('cellText', () => {
  it('shows created_at as MM-DD-YYYY h:mm:ss A in UTC', () => {
    expect(cellText('created_at', { label: 'Created', $ignoreSort: false }, '2026-11-21 20:37:03')).toBe('11-21-2026 8:37:03 PM');
    expect(cellText('created_at', { label: 'Created', $ignoreSort: false }, '2026-01-02T00:05:09.000Z')).toBe('01-02-2026 12:05:09 AM');
  });

  it('shows flags, numbers and empty values', () => {
    expect(cellText('recurring', { label: 'Recurring', type: 'boolean', $ignoreSort: true }, 1)).toBe('Yes');
    expect(cellText('recurring', { label: 'Recurring', type: 'boolean', $ignoreSort: true }, 0)).toBe('No');
    expect(cellText('value', { label: 'Value', type: 'money', $ignoreSort: true }, 12.5)).toBe('12.5');
    expect(cellText('name', { label: 'Name', $ignoreSort: true }, null)).toBe('');
  });

  it('shows money in the store currency when its settings are known', () => {
    const currency = { precision: 2, decimalSeparator: '.', thousandSeparator: ',', preferred: 'symbol', iso: 'USD', symbol: '$', position: 'before' } as const;
    expect(cellText('value', { label: 'Value', type: 'money', $ignoreSort: true }, 1234.5, currency)).toBe('$1,234.50');
  });

  it('shows the label of a labelled column, never the code', () => {
    expect(cellText('payment_status', { label: 'Payment Status', type: 'badge', labels: 'payment_status', $ignoreSort: false }, 'partially_refunded')).toBe(
      'Partially Refunded',
    );
    expect(cellText('role', { label: 'Role', labels: 'role', $ignoreSort: false }, 'store_administrator')).toBe('Store Administrator');
    expect(cellText('status', { label: 'Status', type: 'badge', $ignoreSort: true }, 'on_order')).toBe('On Order');
    expect(cellText('status', { label: 'Status', labels: 'not_a_kind', $ignoreSort: true }, 'opened')).toBe('opened');
  });

  it('words the cell of a column whose field type has its own cell text', () => {
    const stay = { label: 'Stay', field: 'daterangepicker', $ignoreSort: true };
    expect(cellText('stay', stay, { startDate: '12-20-2026', endDate: '12-23-2026' })).toBe('12-20-2026 – 12-23-2026');
    expect(cellText('labels', { label: 'Labels', field: 'multiselect', $ignoreSort: true }, ['red', 'blue'])).toBe('red, blue');
    expect(cellText('stay', stay, null)).toBe('');
  });
});
