import { describe, expect, it } from 'vitest';
import { looksLikeApiPath, nonCanonicalReason } from '../../server/plugins/access';
import { NOT_A_PATH, RESPELLED } from './accessSpellingHelpers';

/** The access layer's reading of request targets, without an app: which are plain, which are API paths. */

describe('which request targets are plain', () => {
  it('accepts the spellings the client sends', () => {
    for (const target of [
      '/',
      '/api/nexopos/v4/orders/8/void',
      '/api/nexopos/v4/crud/ns.users?search=%61b%2F',
      '/dashboard/pos/',
      '/assets/index-4f2a.js',
      '/api/nexopos/v4/smp/vendors/Sam%20Smith/101',
      '/api/nexopos/v4/documents/file/%C3%A9t%C3%A9.pdf',
      '/api/nexopos/v4/x%2Fy',
    ])
      expect(nonCanonicalReason(target), target).toBeNull();
  });

  it('refuses respelled ones, with the reason', () => {
    const respelled = [
      '/%61pi/nexopos/v4/users',
      '/api/nexopos/v%34/users',
      '/api/%7Euser',
      '/api/%5F',
      '/api/%2D',
      '/api/%2e',
      '/api/%2E%2E/x',
      '/./api',
      '/api/.',
      '/a/../api',
      '/api/..',
      '//api',
      '/api//x',
      '/api/x//',
      '/\\api',
      '/api\\x',
      '/api%5cx',
      '/api%5Cx',
    ];
    for (const target of respelled) expect(nonCanonicalReason(target), target).toBe(RESPELLED);
    for (const target of ['http://localhost/api/x', 'HTTPS://h/api', 'localhost:80', '*', '', 'api/x'])
      expect(nonCanonicalReason(target), target).toBe(NOT_A_PATH);
  });

  it('knows an API path under any spelling', () => {
    for (const target of [
      '/api',
      '/api/',
      '/API/x',
      '/%61pi/x',
      '/%41PI',
      '//api/x',
      '/x/../api/x',
      '/%2e%2e/api',
      '/\\api\\x',
      'http://h/api/x',
      '/api?x=1',
      '/%zz/../api',
    ]) {
      expect(looksLikeApiPath(target), target).toBe(true);
    }
    for (const target of ['/', '/apiary', '/dashboard/api', '/assets/api.js', '/x/api']) expect(looksLikeApiPath(target), target).toBe(false);
  });
});
