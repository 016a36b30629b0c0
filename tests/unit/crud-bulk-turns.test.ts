import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { enterBulkTurn, inBulkTurn } from '../../server/crud/bulkTurns';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bulk turns', () => {
  it('starts the next bulk reader only after the last one left and rested as long as it held its turn', async () => {
    const first = await enterBulkTurn();
    const held = performance.now();
    let secondStarted = 0;
    const second = enterBulkTurn().then((turn) => {
      secondStarted = performance.now();
      return turn;
    });
    await sleep(60);
    expect(secondStarted).toBe(0);
    const left = performance.now();
    first.leave();
    (await second).leave();
    // Timers may fire a millisecond early; the rest is at least the 60 ms the first turn was held.
    expect(secondStarted - left).toBeGreaterThanOrEqual(left - held - 2);
  });

  it('frees the turn when the work fails', async () => {
    await expect(
      inBulkTurn(async () => {
        throw new Error('read failed');
      }),
    ).rejects.toThrow('read failed');
    // The failed turn lasted about nothing, so the next one starts at once.
    const started = performance.now();
    await expect(inBulkTurn(async () => 'rows')).resolves.toBe('rows');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('leaving twice ends the turn once', async () => {
    const turn = await enterBulkTurn();
    turn.leave();
    turn.leave();
    await expect(inBulkTurn(async () => 7)).resolves.toBe(7);
  });
});
