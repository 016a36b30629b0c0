import { describe, expect, it } from 'vitest';
import { OwnershipError, ownerChanges, ownershipNotices, planForOwners, planOwnership } from './ownership';
import { spaceLabel } from './spaceLabel';

describe('planOwnership', () => {
  it('turns vendor choices into owners with their prices and sums the space price', () => {
    expect(
      planOwnership([
        { floor_owner: 7, floor_price: 125 },
        { floor_owner: '9', floor_price: '80.5' },
      ]),
    ).toEqual({
      status: 'rented',
      price: 2_055_000,
      owners: [
        { userId: 7, price: 1_250_000 },
        { userId: 9, price: 805_000 },
      ],
      discarded: [],
    });
  });

  it('makes a chosen For Rent or Pending the status, with its price', () => {
    expect(planOwnership([{ floor_owner: 'for_rent', floor_price: 150 }])).toEqual({ status: 'for_rent', price: 1_500_000, owners: [], discarded: [] });
    expect(planOwnership([{ floor_owner: 'Pending', floor_price: '' }])).toEqual({ status: 'pending', price: 0, owners: [], discarded: [] });
  });

  it('drops rows with an empty selection', () => {
    const plan = planOwnership([{ floor_owner: '', floor_price: 10 }, { floor_owner: null }, {}, { floor_owner: 0 }, { floor_owner: 4, floor_price: 1 }]);
    expect(plan.owners).toEqual([{ userId: 4, price: 10_000 }]);
    // The empty row with a price is reported; the ones without a price drop quietly.
    expect(plan.discarded).toEqual([{ index: 0, choice: '', price: 100_000, reason: 'empty' }]);
  });

  it('lets vendors win over a status row, and an explicit status apply only without vendors', () => {
    expect(planOwnership([{ floor_owner: 'pending' }, { floor_owner: 3, floor_price: 5 }]).status).toBe('rented');
    expect(planOwnership([], 'pending')).toEqual({ status: 'pending', price: 0, owners: [], discarded: [] });
    expect(planOwnership([{ floor_owner: 'for_rent', floor_price: 9 }], 'pending')).toMatchObject({ status: 'pending', price: 90_000 });
    expect(planOwnership([{ floor_owner: 3 }], 'pending').status).toBe('rented');
    expect(planOwnership([]).status).toBe('for_rent');
  });

  it('discards a For Rent or Pending row beside a vendor, with its price, and says so', () => {
    const plan = planOwnership([
      { floor_owner: 'for_rent', floor_price: '150' },
      { floor_owner: 3, floor_price: '55.50' },
      { floor_owner: 'pending', floor_price: 95 },
    ]);
    expect(plan).toEqual({
      status: 'rented',
      price: 555_000,
      owners: [{ userId: 3, price: 555_000 }],
      discarded: [
        { index: 0, choice: 'for_rent', price: 1_500_000, reason: 'vendor' },
        { index: 2, choice: 'pending', price: 950_000, reason: 'vendor' },
      ],
    });
    expect(ownershipNotices(plan, (amount) => `$${(amount / 10_000).toFixed(2)}`)).toEqual([
      "Row 1 (For Rent, $150.00) is discarded: a space with a vendor is rented at the sum of its owners' prices.",
      "Row 3 (Pending, $95.00) is discarded: a space with a vendor is rented at the sum of its owners' prices.",
    ]);
  });

  it('keeps the first status row without vendors and discards the later ones', () => {
    const plan = planOwnership([
      { floor_owner: 'pending', floor_price: 60 },
      { floor_owner: '', floor_price: 5 },
      { floor_owner: 'for_rent', floor_price: 70 },
    ]);
    expect(plan).toEqual({
      status: 'pending',
      price: 600_000,
      owners: [],
      discarded: [
        { index: 1, choice: '', price: 50_000, reason: 'empty' },
        { index: 2, choice: 'for_rent', price: 700_000, reason: 'status' },
      ],
    });
    expect(ownershipNotices(plan, (amount) => (amount / 10_000).toFixed(2))).toEqual([
      'Row 2 (no owner chosen, 5.00) is discarded: choose an owner for its price to count.',
      'Row 3 (For Rent, 70.00) is discarded: only the first For Rent or Pending row counts.',
    ]);
  });

  it('makes a space without any row For Rent at 0, not at the price of the owners who left', () => {
    expect(planOwnership([{ floor_owner: '' }])).toEqual({ status: 'for_rent', price: 0, owners: [], discarded: [] });
    expect(planForOwners([])).toEqual({ status: 'for_rent', price: 0, owners: [], discarded: [] });
    expect(
      planForOwners([
        { userId: 2, price: 555_000 },
        { userId: 5, price: 100_000 },
      ]),
    ).toEqual({
      status: 'rented',
      price: 655_000,
      owners: [
        { userId: 2, price: 555_000 },
        { userId: 5, price: 100_000 },
      ],
      discarded: [],
    });
  });

  it('refuses unknown choices, repeated vendors and bad prices with the row named', () => {
    const error = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        return e as OwnershipError;
      }
      throw new Error('no error');
    };
    expect(error(() => planOwnership([{ floor_owner: 'someone' }]))).toMatchObject({ field: 'owners.0.floor_owner' });
    expect(error(() => planOwnership([{ floor_owner: 2 }, { floor_owner: '2' }]))).toMatchObject({ field: 'owners.1.floor_owner' });
    expect(error(() => planOwnership([{ floor_owner: 2, floor_price: 'abc' }]))).toMatchObject({
      field: 'owners.0.floor_price',
      message: 'The price must be a number.',
    });
    expect(error(() => planOwnership([{ floor_owner: 2, floor_price: -1 }]))).toMatchObject({ message: 'The price cannot be negative.' });
  });
});

describe('ownerChanges', () => {
  it('lists assigned, removed and re-priced vendors', () => {
    const current = [
      { userId: 1, price: 100 },
      { userId: 2, price: 200 },
      { userId: 3, price: 300 },
    ];
    const planned = [
      { userId: 1, price: 100 },
      { userId: 2, price: 250 },
      { userId: 4, price: 50 },
    ];
    expect(ownerChanges(current, planned)).toEqual([
      { userId: 2, kind: 'price' },
      { userId: 4, kind: 'assigned' },
      { userId: 3, kind: 'removed' },
    ]);
    expect(ownerChanges(current, current)).toEqual([]);
  });
});

describe('spaceLabel', () => {
  it("shows the owners' usernames, or Pending, or For Rent", () => {
    expect(spaceLabel({ floor_status: 'rented', owners: [{ user: { username: 'vendor' } }, { user: { username: 'oldbarn' } }] })).toBe('vendor, oldbarn');
    expect(spaceLabel({ floor_status: 'pending', owners: [] })).toBe('Pending');
    expect(spaceLabel({ floor_status: 'for_rent', owners: [] })).toBe('For Rent');
  });
});
