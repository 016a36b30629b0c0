import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../server/services/audit';
import declaration from '../../schemas/crud/audit-log.json';

describe('the Audit Log declaration', () => {
  it('offers every action code the service writes in its action filter, and no other', () => {
    const filter = declaration.queryFilters.find((field) => field.name === 'action');
    expect(filter?.options?.map((option) => option.value)).toEqual([...AUDIT_ACTIONS]);
  });
});
