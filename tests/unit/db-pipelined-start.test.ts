import { describe, expect, it } from 'vitest';
import { pipelinedTransactions, WRITE_NOW, type QueryResult } from '../../server/db/pipelinedTransactions';

/**
 * A started write (WRITE_NOW) leaves for the server at once only when the app server has nothing else in hand;
 * otherwise it waits for the next statement, in that statement's socket write. What the layer writes, and in
 * which socket write, is recorded from a stand-in for the connection.
 */
function recorder(startNow: boolean) {
  /** Socket writes in order, each the statements it carried. */
  const writes: string[][] = [];
  let current: string[] | null = null;
  const send = (text: string): Promise<QueryResult> => {
    if (current) current.push(text);
    else writes.push([text]);
    return Promise.resolve({ command: text.split(' ')[0]!.toUpperCase(), rowCount: 0, rows: [] });
  };
  const together = <T>(write: () => T): T => {
    current = [];
    try {
      return write();
    } finally {
      writes.push(current);
      current = null;
    }
  };
  const { send: pipelined } = pipelinedTransactions(
    send,
    () => undefined,
    together,
    () => startNow,
  );
  return { writes, pipelined };
}

async function transactionWithStartedWrite(startNow: boolean) {
  const { writes, pipelined } = recorder(startNow);
  await pipelined('begin', []);
  await pipelined('select cart', []);
  const afterCart = writes.length;
  await pipelined(WRITE_NOW, []);
  await pipelined('insert rows', []);
  const afterStart = writes.length;
  await pipelined('update last', []);
  await pipelined('commit', []);
  return { writes, writtenAtStart: afterStart - afterCart };
}

describe('started writes', () => {
  it('writes the started write at once when the app server has nothing else in hand', async () => {
    const { writes, writtenAtStart } = await transactionWithStartedWrite(true);
    expect(writtenAtStart).toBe(1);
    expect(writes).toEqual([['begin', 'select cart'], ['insert rows'], ['update last'], ['commit']]);
  });

  it('holds it for the next statement when other requests keep the app server busy', async () => {
    const { writes, writtenAtStart } = await transactionWithStartedWrite(false);
    expect(writtenAtStart).toBe(0);
    expect(writes).toEqual([['begin', 'select cart'], ['insert rows', 'update last'], ['commit']]);
  });
});

describe('what a held statement answers before it is sent', () => {
  it('names its command by the first word, however the text starts and however long it runs', async () => {
    const { pipelined } = recorder(true);
    const batch = `\n  with "w_lines" as (insert into order_products (id) values ${Array.from({ length: 400 }, (_, index) => `($${index + 1})`).join(', ')}) select 1`;
    expect(await pipelined('  Begin', [])).toEqual({ command: 'BEGIN', rowCount: 0, rows: [] });
    await pipelined('select cart', []);
    await pipelined(WRITE_NOW, []);
    expect(await pipelined(batch, [])).toEqual({ command: 'WITH', rowCount: 0, rows: [] });
    await pipelined(WRITE_NOW, []);
    expect(await pipelined('update\torders set code = $1', [])).toEqual({ command: 'UPDATE', rowCount: 0, rows: [] });
  });
});
