import { assign, fromPromise, setup } from 'xstate';
import type { AuthUser } from '../../schemas/auth';
import { errorMessage } from '../errorMessage';

/** The spec's message for an empty required field. */
export const REQUIRED_MESSAGE = 'This field is required.';

export interface Credentials {
  username: string;
  password: string;
}

export interface SessionContext {
  user: AuthUser | null;
  error: string | null;
}

export type SessionEvent = { type: 'CHECK' } | { type: 'SIGN_IN'; username: string; password: string } | { type: 'SIGN_OUT' };

function notProvided(name: string): never {
  throw new Error(`sessionMachine: provide the '${name}' actor with sessionMachine.provide({ actors: { ${name} } })`);
}

/**
 * Sign-in flow. Server calls are injected actors:
 * - `login({username, password})` resolves with the signed-in AuthUser, rejects with the server's {message};
 * - `logout()` resolves when the session is closed;
 * - `fetchUser()` resolves with the AuthUser of the current session, or null (a rejection also means signed out).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    login: fromPromise<AuthUser, Credentials>(async () => notProvided('login')),
    logout: fromPromise<void, void>(async () => notProvided('logout')),
    fetchUser: fromPromise<AuthUser | null, void>(async () => notProvided('fetchUser')),
  },
  guards: {
    /** A required field has zero length (the spec's `required` rule). */
    isMissingCredential: ({ event }) => event.type === 'SIGN_IN' && (!event.username || !event.password),
    hasUser: (_, user: AuthUser | null) => user !== null,
  },
}).createMachine({
  id: 'session',
  initial: 'signedOut',
  context: { user: null, error: null },
  states: {
    signedOut: {
      on: {
        CHECK: { target: 'checking' },
        SIGN_IN: [
          { guard: 'isMissingCredential', actions: assign({ error: REQUIRED_MESSAGE }) },
          { target: 'signingIn', actions: assign({ error: null }) },
        ],
      },
    },
    checking: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output, error: null }),
          },
          { target: 'signedOut', actions: assign({ user: null }) },
        ],
        // No session (401) or no answer: the user signs in again; nothing to show yet.
        onError: { target: 'signedOut', actions: assign({ user: null }) },
      },
    },
    signingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'SIGN_IN') throw new Error(`sessionMachine: signingIn entered by ${event.type}`);
          return { username: event.username, password: event.password };
        },
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output, error: null }) },
        onError: { target: 'signedOut', actions: assign({ user: null, error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    signedIn: {
      on: {
        SIGN_OUT: { target: 'signingOut', actions: assign({ error: null }) },
      },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: assign({ user: null, error: null }) },
        // The server session is still open: stay signed in and say why.
        onError: { target: 'signedIn', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
