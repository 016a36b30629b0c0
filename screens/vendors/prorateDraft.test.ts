import { describe, expect, it } from 'vitest';
import { initialProrateDraft, prorateFeePayload, prorateFeePreview, START_MESSAGE, withStart } from './prorateDraft';
import { VENDOR_MESSAGES } from './vendorsApi';

const TODAY = '2026-11-21';

describe('pro-rate draft', () => {
  it('starts today with the days left in the month', () => {
    expect(initialProrateDraft(TODAY)).toMatchObject({ start: TODAY, days: '10', calcoptions: 'rate', updateRentFee: 'no' });
    expect(withStart(initialProrateDraft(TODAY), '2026-11-01').days).toBe('30');
  });

  it('previews with the shared rule: rate = price × days ÷ 31, flat = price', () => {
    const draft = { ...initialProrateDraft(TODAY), newprice: '310' };
    expect(prorateFeePreview(draft, 2)).toEqual({ price: 3_100_000, days: 10, prorate: 1_000_000 });
    expect(prorateFeePreview({ ...draft, calcoptions: 'flat' }, 2)?.prorate).toBe(3_100_000);
    expect(prorateFeePreview({ ...draft, newprice: '' }, 2)).toBeNull();
  });

  it('builds the payload the server expects', () => {
    const draft = { ...initialProrateDraft(TODAY), newprice: '100', memo: ' moved ', updateRentFee: 'yes' as const };
    expect(prorateFeePayload(draft, 101, TODAY, 2)).toEqual({
      payload: { start: TODAY, days: 10, newprice: 100, proratefee: 32.26, vendor_id: 101, memo: 'moved', calcoptions: 'rate', updateRentFee: 'yes' },
    });
  });

  it.each([
    [{ start: '2026-10-31' }, START_MESSAGE],
    [{ start: '2026-12-01' }, START_MESSAGE],
    [{ days: '0' }, VENDOR_MESSAGES.days],
    [{ days: '9' }, VENDOR_MESSAGES.days],
    [{ newprice: '0' }, VENDOR_MESSAGES.price],
    [{ newprice: '-5' }, VENDOR_MESSAGES.price],
    [{ newprice: 'abc' }, VENDOR_MESSAGES.price],
  ])('refuses %j', (patch, error) => {
    const draft = { ...initialProrateDraft(TODAY), newprice: '100', ...patch };
    expect(prorateFeePayload(draft, 101, TODAY, 2)).toEqual({ error });
  });
});
