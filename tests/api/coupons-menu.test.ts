import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIALECTS } from './harness';
import { useTestApp } from './suite';
import { setOptions } from './ordersTillHelpers';
import { loginAll, type Login } from './vendorsHelpers';

/** The Coupons menu entry follows ns_enable_coupon. */

describe.each(DIALECTS)('the Coupons menu entry on %s', (dialect) => {
  const t = useTestApp(dialect);
  let as: Record<Login, string>;
  beforeAll(async () => {
    as = await loginAll(t);
  });
  const catalogEntries = async (): Promise<string[]> => {
    const response = await t.call({ method: 'GET', url: `${API}/menu`, cookie: as.admin });
    expect(response.statusCode, response.body).toBe(200);
    const groups = response.json() as Array<{ id: string; items: Array<{ id: string; label: string }> }>;
    return groups.find((group) => group.id === 'catalog')!.items.map((item) => item.label);
  };

  it('is listed while coupons are on and hidden while they are off, the rest of Catalog staying', async () => {
    await setOptions(t, { ns_enable_coupon: 1 });
    const on = await catalogEntries();
    expect(on).toContain('Coupons');
    await setOptions(t, { ns_enable_coupon: 0 });
    const off = await catalogEntries();
    expect(off).not.toContain('Coupons');
    expect(off).toEqual(on.filter((label) => label !== 'Coupons'));
    await setOptions(t, { ns_enable_coupon: 1 });
    expect(await catalogEntries()).toEqual(on);
  });
});
