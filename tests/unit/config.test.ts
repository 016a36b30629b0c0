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
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u:p@db:5432/pos', SEED_DEMO: 'no', ENABLE_WEBSOCKET: 'on' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: path.resolve('/tmp/x'), databaseUrl: 'postgres://u:p@db:5432/pos', seedDemo: false, enableWebsocket: true });
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT=abc is not valid: it must be a whole number from 0 to 65535\.$/],
    [{ PORT: '70000' }, /PORT=70000/],
    [{ SEED_DEMO: 'maybe' }, /^SEED_DEMO=maybe is not valid: use 1\/0, true\/false, yes\/no or on\/off\.$/],
    [{ ENABLE_WEBSOCKET: '2' }, /ENABLE_WEBSOCKET=2/],
    [{ DATABASE_URL: 'mysql://db/pos' }, /DATABASE_URL is not valid: the scheme mysql: is not supported/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not valid/],
    [{ HOST: 'bad host!' }, /HOST=bad host! is not valid/],
  ])('refuses %j with one line that names the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
