import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashCost, verifyPasswordOrBusy } from '../../server/services/passwords';

/**
 * The parameters written into each stored hash (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`): production hashes
 * at 64 MiB, 3 passes, 4 lanes whatever the test suites use for speed.
 */
describe('password hashing cost', () => {
  afterEach(() => setPasswordHashCost('production'));

  // A production hash takes seconds on a busy two-core machine, hence the longer time limits.
  it('hashes with argon2id at 64 MiB, 3 passes and 4 lanes by default (a server that never set the cost)', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPasswordOrBusy(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPasswordOrBusy(hash, 'correct horse battery stapler')).toBe(false);
  }, 60_000);

  it('the test cost is a real argon2id hash that still tells right from wrong, and production hashes still verify under it', async () => {
    const production = await hashPassword('demo1234');
    setPasswordHashCost('test');
    const cheap = await hashPassword('demo1234');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPasswordOrBusy(cheap, 'demo1234')).toBe(true);
    expect(await verifyPasswordOrBusy(cheap, 'demo12345')).toBe(false);
    // The cost of a verification comes from the stored hash, not from the setting.
    expect(await verifyPasswordOrBusy(production, 'demo1234')).toBe(true);
    setPasswordHashCost('production');
    expect(await hashPassword('demo1234')).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  }, 60_000);
});
