import { SESSION_COOKIE } from '../../schemas/auth';

export const API = '/api/nexopos/v4';
export const DEMO_LOGIN = { username: 'admin', password: 'demo1234' } as const;

/** Signs in through the API and returns the `Cookie` header value that carries the session. */
export async function signIn(baseUrl: string, credentials: { username: string; password: string } = DEMO_LOGIN): Promise<string> {
  const response = await fetch(`${baseUrl}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`Sign-in as ${credentials.username} answered ${response.status}: ${await response.text()}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`Sign-in answered ${response.status} without a ${SESSION_COOKIE} cookie.`);
  return session;
}
