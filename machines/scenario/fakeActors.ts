import { fromPromise, type AnyActorLogic } from 'xstate';
import type { FakeActorResult } from './types';

/** Promise actors that answer with a scenario's listed results, in order, and record their inputs. */
export interface FakeActors {
  implementations: Record<string, AnyActorLogic>;
  /** Inputs each fake was invoked with, in call order. */
  calls: Record<string, unknown[]>;
  /** Fakes whose promise has not settled yet. */
  pending(): number;
  /** Problems met while answering (more calls than listed results). */
  problems: string[];
}

function toError(error: { message: string; [key: string]: unknown }): Error {
  // Extra fields (status, errors) stay on the error so machines can read them like a real client error.
  return Object.assign(new Error(error.message), error);
}

export function createFakeActors(actors: Record<string, FakeActorResult[]>): FakeActors {
  let inFlight = 0;
  const calls: Record<string, unknown[]> = {};
  const problems: string[] = [];
  const implementations: Record<string, AnyActorLogic> = {};
  for (const [name, results] of Object.entries(actors)) {
    const received: unknown[] = [];
    calls[name] = received;
    implementations[name] = fromPromise(async ({ input }: { input: unknown }) => {
      inFlight += 1;
      try {
        received.push(input);
        const result = results[received.length - 1];
        if (!result) {
          const message = `actor '${name}' was called ${received.length} time(s) but the scenario lists ${results.length} result(s)`;
          problems.push(message);
          throw new Error(message);
        }
        if ('error' in result) throw toError(result.error);
        return result.output;
      } finally {
        inFlight -= 1;
      }
    });
  }
  return { implementations, calls, pending: () => inFlight, problems };
}
