import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './harness';
import { KNOWN_OPEN, openPropertyStore, runSequence, sequenceArb, type PropertyStore } from './ordersProperties';
import { summaryAndRaw } from './reportsOracle';
import { businessDateOf } from '../../schemas/format/businessTime';
import { storeTimeZone } from '../../server/services/options';

/**
 * Random sequences of the order property test (checkouts in cash, by card, on account and as layaways,
 * instalments, payments, line edits, refunds, voids, deletes, held orders), sent through the API; after every
 * step every sum the reports and the dashboard read from the day summaries equals the same sum read from the
 * orders' rows (tests/api/reportsOracle.ts). Small and seeded: PROPERTY_RUNS changes the count.
 */
const SEED = 20261126;
const RUNS = Number(process.env.PROPERTY_RUNS ?? 30);
const STEPS = 8;

describe.each(DIALECTS)('report summaries under random order sequences on %s', (dialect) => {
  let store: PropertyStore;
  beforeAll(async () => {
    store = await openPropertyStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it(`equal the rows' reads after every step of ${RUNS} sequences (seed ${SEED})`, async () => {
    const database = store.t.database;
    const zone = await storeTimeZone(database.db);
    // The steps happen now: the day before and after too, should a run cross the store's midnight.
    const day = (offset: number) => businessDateOf(new Date(Date.now() + offset * 86_400_000), zone);
    let compared = 0;
    const check = async (log: readonly string[]) => {
      const { summary, raw } = await summaryAndRaw(database, { startDate: day(-1), endDate: day(1) });
      expect(summary, log.join('\n')).toEqual(raw);
      compared += 1;
    };
    await fc.assert(
      fc.asyncProperty(sequenceArb(STEPS), async (actions) => {
        await runSequence(store, actions, KNOWN_OPEN, check);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.PROPERTY_SHRINK !== '1' },
    );
    expect(compared).toBeGreaterThan(RUNS);
  }, 120_000);
});
