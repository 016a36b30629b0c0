import { afterAll, beforeAll, describe, it } from 'vitest';
import { DIALECTS } from './harness';
import { openBadInputStore, walkBadInput, type BadInputStore } from './badInputWalk';

/** The second half of bad-input.test.ts's walk over every route, in a file of its own so the two run side by side. */
describe.each(DIALECTS)('bad input on every route on %s, second half', (dialect) => {
  let store: BadInputStore;

  beforeAll(async () => {
    store = await openBadInputStore(dialect);
  });
  afterAll(() => store.t.close());

  it('answers no 5xx, refuses with the envelope and leaves the database as it was, stores no script (second half of the routes)', async () => {
    await walkBadInput(store, 1, 2);
  }, 480_000);
});
