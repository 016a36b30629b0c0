import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthUser } from '../../schemas/auth';
import { REQUIRED_MESSAGE, sessionMachine, type Credentials } from './sessionMachine';

const admin: AuthUser = { id: 1, username: 'admin', role: 'administrator', vendor_id: null };

function startSession(implementations: {
  login?: (credentials: Credentials) => Promise<AuthUser>;
  logout?: () => Promise<void>;
  fetchUser?: () => Promise<AuthUser | null>;
}) {
  const login = vi.fn(implementations.login ?? (async () => admin));
  const logout = vi.fn(implementations.logout ?? (async () => undefined));
  const fetchUser = vi.fn(implementations.fetchUser ?? (async () => null));
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<AuthUser, Credentials>(({ input }) => login(input)),
      logout: fromPromise<void, void>(() => logout()),
      fetchUser: fromPromise<AuthUser | null, void>(() => fetchUser()),
    },
  });
  const actor = createActor(machine).start();
  const settled = (state: 'signedIn' | 'signedOut') => waitFor(actor, (snapshot) => snapshot.matches(state));
  return { actor, login, logout, fetchUser, settled };
}

describe('sessionMachine', () => {
  it('starts signed out with no user and no error', () => {
    const { actor } = startSession({});
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toEqual({ user: null, error: null });
  });

  it('signs in with the credentials of the event and keeps the user the server answered', async () => {
    const { actor, login, settled } = startSession({});
    actor.send({ type: 'SIGN_IN', username: 'admin', password: 'demo1234' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    const snapshot = await settled('signedIn');
    expect(login).toHaveBeenCalledWith({ username: 'admin', password: 'demo1234' });
    expect(snapshot.context).toEqual({ user: admin, error: null });
  });

  it("stays signed out with the server's message when the password is wrong", async () => {
    const { actor, settled } = startSession({
      login: () => Promise.reject(Object.assign(new Error('Wrong username or password.'), { status: 401 })),
    });
    actor.send({ type: 'SIGN_IN', username: 'admin', password: 'wrong' });
    expect((await settled('signedOut')).context).toEqual({ user: null, error: 'Wrong username or password.' });
  });

  it('falls back to the generic message when the rejection carries none', async () => {
    const { actor } = startSession({ login: () => Promise.reject(new Error('')) });
    actor.send({ type: 'SIGN_IN', username: 'admin', password: 'x' });
    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.error).toBe('Unexpected error occurred.');
  });

  it.each([
    ['username', { username: '', password: 'demo1234' }],
    ['password', { username: 'admin', password: '' }],
  ])('refuses an empty %s without calling the server', (_field, credentials) => {
    const { actor, login } = startSession({});
    actor.send({ type: 'SIGN_IN', ...credentials });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe(REQUIRED_MESSAGE);
    expect(login).not.toHaveBeenCalled();
  });

  it('signs out through the server and forgets the user', async () => {
    const { actor, logout, settled } = startSession({});
    actor.send({ type: 'SIGN_IN', username: 'admin', password: 'demo1234' });
    await settled('signedIn');
    actor.send({ type: 'SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect((await settled('signedOut')).context).toEqual({ user: null, error: null });
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('stays signed in and says why when signing out fails', async () => {
    const { actor, settled } = startSession({ logout: () => Promise.reject(new Error('Unable to reach the server.')) });
    actor.send({ type: 'SIGN_IN', username: 'admin', password: 'demo1234' });
    await settled('signedIn');
    actor.send({ type: 'SIGN_OUT' });
    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.value).toBe('signedIn');
    expect(snapshot.context).toEqual({ user: admin, error: 'Unable to reach the server.' });
  });

  it('signs in from an open session on CHECK', async () => {
    const { actor, fetchUser, settled } = startSession({ fetchUser: async () => admin });
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect((await settled('signedIn')).context.user).toEqual(admin);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['answers no user', async () => null],
    ['rejects (401)', () => Promise.reject(new Error('You are not authenticated.'))],
  ])('stays signed out without an error when the session check %s', async (_case, fetchUser) => {
    const { actor } = startSession({ fetchUser });
    actor.send({ type: 'CHECK' });
    const snapshot = await waitFor(actor, (s) => !s.matches('checking'));
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context).toEqual({ user: null, error: null });
  });

  it('tells the developer which actor to provide when one is missing', async () => {
    const actor = createActor(sessionMachine).start();
    actor.send({ type: 'SIGN_IN', username: 'admin', password: 'demo1234' });
    const snapshot = await waitFor(actor, (s) => s.context.error !== null);
    expect(snapshot.context.error).toMatch(/provide the 'login' actor/);
  });
});
