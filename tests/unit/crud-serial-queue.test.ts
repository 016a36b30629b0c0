import { describe, expect, it } from 'vitest';
import { retryingDeadlocks, serialQueue } from '../../server/crud/serialQueue';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pgError = (code: string) => Object.assign(new Error(`error ${code}`), { code });

describe('the queue the CRUD engine runs its reloads and builder saves through', () => {
  it('runs one item at a time, in the order asked, a slow first one included', async () => {
    const queue = serialQueue();
    const events: string[] = [];
    const item = (name: string, ms: number) => async () => {
      events.push(`${name} starts`);
      await later(ms);
      events.push(`${name} ends`);
      return name;
    };
    const answers = await Promise.all([queue.run(item('reload', 30)), queue.run(item('save', 1)), queue.run(item('reload again', 1))]);
    expect(answers).toEqual(['reload', 'save', 'reload again']);
    expect(events).toEqual(['reload starts', 'reload ends', 'save starts', 'save ends', 'reload again starts', 'reload again ends']);
  });

  it("gives an item's failure to its caller only, and goes on with the next", async () => {
    const queue = serialQueue();
    const failing = queue.run(async () => {
      throw new Error('sync failed');
    });
    const next = queue.run(async () => 'saved');
    await expect(failing).rejects.toThrow('sync failed');
    await expect(next).resolves.toBe('saved');
    await expect(queue.idle()).resolves.toBeUndefined();
  });
});

describe('a builder save ended by PostgreSQL as a deadlock victim', () => {
  it('is run again, up to three times in all, for a deadlock or a serialization failure', async () => {
    const codes = ['40P01', '40001'];
    let calls = 0;
    const answer = await retryingDeadlocks(async () => {
      calls += 1;
      if (calls <= codes.length) throw pgError(codes[calls - 1]!);
      return 'saved';
    });
    expect({ answer, calls }).toEqual({ answer: 'saved', calls: 3 });
    let always = 0;
    const giving = retryingDeadlocks(async () => {
      always += 1;
      throw pgError('40P01');
    });
    await expect(giving).rejects.toThrow('error 40P01');
    expect(always).toBe(3);
  });

  it('is not run again for any other error', async () => {
    let calls = 0;
    const attempt = retryingDeadlocks(async () => {
      calls += 1;
      throw pgError('23505');
    });
    await expect(attempt).rejects.toThrow('error 23505');
    expect(calls).toBe(1);
  });
});
