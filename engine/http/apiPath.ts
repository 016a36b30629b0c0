import { API_BASE_URL } from './client';

/**
 * A server-given URL as the http client wants it: '/api/nexopos/v4/crud/ns.units/3' → '/crud/ns.units/3',
 * so the client's base path is not doubled. Other URLs pass unchanged.
 */
export function apiPath(url: string): string {
  if (url === API_BASE_URL) return '/';
  if (url.startsWith(`${API_BASE_URL}/`)) return url.slice(API_BASE_URL.length);
  if (url.startsWith(`${API_BASE_URL}?`)) return `/${url.slice(API_BASE_URL.length)}`;
  return url;
}
