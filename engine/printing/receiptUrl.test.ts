import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../../schemas/options';
import { receiptUrl } from './receiptUrl';

describe('receipt URLs', () => {
  it('replaces {reference_id} in the configured printing URL of each kind', () => {
    expect(receiptUrl(DEFAULT_OPTIONS, 'sale', 42)).toBe('/api/nexopos/v4/receipts/sale/42');
    expect(receiptUrl(DEFAULT_OPTIONS, 'payment', 7)).toBe('/api/nexopos/v4/receipts/payment/7');
    expect(receiptUrl(DEFAULT_OPTIONS, 'refund', '3')).toBe('/api/nexopos/v4/receipts/refund/3');
  });

  it('replaces every occurrence and encodes the reference', () => {
    const options = { ...DEFAULT_OPTIONS, ns_pos_printing_sale_url: 'https://print.example/{reference_id}?copy={reference_id}' };
    expect(receiptUrl(options, 'sale', 'a/b c')).toBe('https://print.example/a%2Fb%20c?copy=a%2Fb%20c');
  });
});
