import { describe, expect, it } from 'vitest';
import { accessBlockOf, gridOf } from './accessBlock';
import type { AccessGrid } from './editorState';

const names = new Map([
  ['k1', 'name'],
  ['k2', 'status'],
  ['k3', 'vendor_id'],
]);

describe('the access block', () => {
  it('writes each allowed cell with field names and row filters', () => {
    const grid: AccessGrid = {
      manager: {
        read: { allFields: true, fields: [], filters: [{ column: 'k2', operator: '_in', kind: 'literal', value: 'open, 2 ,' }] },
        create: { allFields: false, fields: ['k1', 'k2'], filters: [] },
        update: { allFields: false, fields: ['k1'], filters: [{ column: 'author_id', operator: '_eq', kind: 'user', value: 'ignored' }] },
        delete: { allFields: false, fields: ['k1'], filters: [{ column: 'k2', operator: '_null', kind: 'literal', value: 'false' }] },
      },
      vendor: { read: { allFields: false, fields: ['k1'], filters: [{ column: 'k3', operator: '_eq', kind: 'vendor', value: '' }] } },
      cashier: {},
    };
    expect(accessBlockOf(grid, names)).toEqual({
      manager: {
        read: { filter: { status: { _in: ['open', 2] } } },
        create: { fields: ['name', 'status'] },
        update: { fields: ['name'], filter: { author_id: { _eq: '$CURRENT_USER' } } },
        delete: { filter: { status: { _null: false } } },
      },
      vendor: { read: { fields: ['name'], filter: { vendor_id: { _eq: '$CURRENT_VENDOR' } } } },
    });
  });

  it('follows a rename: the grid holds keys, the block the current names', () => {
    const grid: AccessGrid = {
      manager: { read: { allFields: false, fields: ['k1'], filters: [{ column: 'k1', operator: '_gte', kind: 'literal', value: '10' }] } },
    };
    expect(accessBlockOf(grid, new Map([['k1', 'full_name']]))).toEqual({ manager: { read: { fields: ['full_name'], filter: { full_name: { _gte: 10 } } } } });
  });

  it('reads a saved block back into the grid', () => {
    const keys = new Map([...names].map(([key, name]) => [name, key]));
    const grid = gridOf(
      {
        manager: {
          read: { fields: ['*'], filter: { status: { _eq: 'open' } } },
          update: { fields: ['name'], filter: { author_id: { _eq: '$CURRENT_USER' } } },
        },
        vendor: { read: { fields: ['name'], filter: { vendor_id: { _eq: '$CURRENT_VENDOR' }, status: { _nin: ['sold', 3] } } } },
      },
      keys,
    );
    expect(grid).toEqual({
      manager: {
        read: { allFields: true, fields: [], filters: [{ column: 'k2', operator: '_eq', kind: 'literal', value: 'open' }] },
        update: { allFields: false, fields: ['k1'], filters: [{ column: 'author_id', operator: '_eq', kind: 'user', value: '' }] },
      },
      vendor: {
        read: {
          allFields: false,
          fields: ['k1'],
          filters: [
            { column: 'k3', operator: '_eq', kind: 'vendor', value: '' },
            { column: 'k2', operator: '_nin', kind: 'literal', value: 'sold, 3' },
          ],
        },
      },
    });
  });
});
