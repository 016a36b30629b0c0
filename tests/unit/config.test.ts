import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: null, seedDemo: true, enableWebsocket: false });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/pos',
      SEED_DEMO: 'no',
      ENABLE_WEBSOCKET: 'on',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('/tmp/x'),
      databaseUrl: 'postgres://u:p@db:5432/pos',
      seedDemo: false,
      enableWebsocket: true,
    });
  });

  it('has the documented sign-in defaults: 10 per username, 30 per address, 2 hashes in flight, no proxy', () => {
    expect(loadConfig({})).toMatchObject({ loginRateLimit: 10, loginAddressRateLimit: 30, passwordHashConcurrency: 2, trustProxy: false });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '20' }).loginAddressRateLimit).toBe(60);
    expect(loadConfig({ LOGIN_RATE_LIMIT: '20', LOGIN_ADDRESS_RATE_LIMIT: '7' }).loginAddressRateLimit).toBe(7);
  });

  it('hashes passwords at the production cost unless both PASSWORD_HASH_COST=test and NODE_ENV=test are set', () => {
    expect(loadConfig({}).passwordHashCost).toBe('production');
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashCost).toBe('production');
    expect(loadConfig({ PASSWORD_HASH_COST: 'production', NODE_ENV: 'test' }).passwordHashCost).toBe('production');
    expect(loadConfig({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' }).passwordHashCost).toBe('test');
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    for (const off of ['0', 'false', 'off', ' ']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    if (typeof hops !== 'function') throw new Error('a hop count should become a function');
    expect([hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
  });

  it('keeps at most DATABASE_POOL_SIZE PostgreSQL connections per server, 10 unless set', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT=abc is not valid: it must be a whole number from 0 to 65535\.$/],
    [{ PORT: '70000' }, /PORT=70000/],
    [{ SEED_DEMO: 'maybe' }, /^SEED_DEMO=maybe is not valid: use 1\/0, true\/false, yes\/no or on\/off\.$/],
    [{ ENABLE_WEBSOCKET: '2' }, /ENABLE_WEBSOCKET=2/],
    [{ DATABASE_URL: 'mysql://db/pos' }, /DATABASE_URL is not valid: the scheme mysql: is not supported/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not valid/],
    [{ HOST: 'bad host!' }, /HOST=bad host! is not valid/],
    [
      { TRUST_PROXY: 'true' },
      /^TRUST_PROXY=true is not valid: use 0, a hop count from 1 to 10 \(1 for one load balancer\) or the proxies' addresses or CIDRs separated by commas\.$/,
    ],
    [{ TRUST_PROXY: '11' }, /^TRUST_PROXY=11 is not valid/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY=10\.0\.0\.0\/33 is not valid/],
    [{ TRUST_PROXY: '10.0.0.1,balancer.internal' }, /^TRUST_PROXY=10\.0\.0\.1,balancer\.internal is not valid/],
    [{ LOGIN_ADDRESS_RATE_LIMIT: '0' }, /^LOGIN_ADDRESS_RATE_LIMIT=0 is not valid: it must be a whole number from 1 to 30000\.$/],
    [{ PASSWORD_HASH_CONCURRENCY: '65' }, /^PASSWORD_HASH_CONCURRENCY=65 is not valid: it must be a whole number from 1 to 64\.$/],
    [{ DATABASE_POOL_SIZE: '0' }, /^DATABASE_POOL_SIZE=0 is not valid: it must be a whole number from 1 to 200\.$/],
    [{ PASSWORD_HASH_COST: 'test' }, /^PASSWORD_HASH_COST=test is only for the test suites: it needs NODE_ENV=test\. Leave it unset on a server\.$/],
    [{ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' }, /^PASSWORD_HASH_COST=test is only for the test suites/],
    [{ PASSWORD_HASH_COST: 'cheap', NODE_ENV: 'test' }, /^PASSWORD_HASH_COST=cheap is not valid: leave it unset \(or production\)\.$/],
  ])('refuses %j with one line that names the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
