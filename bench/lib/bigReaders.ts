import { fork, type ChildProcess } from 'node:child_process';
import { MAX_PAGE_ROWS } from '../../schemas/paged';
import { writeHeaders } from './checkoutCarts';
import { API } from './signIn';

/** What the big readers got done while the till was measured. */
export interface ReaderCounts {
  pages: number;
  exports: number;
  exportedRows: number;
  failures: string[];
}

type ParentMessage = { stop: true };
type ChildMessage = { ready: true } | { counts: ReaderCounts };

/**
 * Two readers, each one request after another until stopped: the products list at the largest page size
 * (1,000 rows, the page ALL asks for on a long list), and the CSV export of every product followed by its
 * download. `readers` names the ones that run ('pages', 'export').
 */
function readLoop(url: string, cookie: string, readers: readonly string[]): { stop: () => Promise<ReaderCounts> } {
  const counts: ReaderCounts = { pages: 0, exports: 0, exportedRows: 0, failures: [] };
  let running = true;
  const headers = writeHeaders(cookie);
  const pages = (async () => {
    for (let page = 1; running && readers.includes('pages'); page = (page % 20) + 1) {
      const response = await fetch(`${url}${API}/crud/ns.products?per_page=${MAX_PAGE_ROWS}&page=${page}`, { headers });
      const body = await response.text();
      if (response.status !== 200) counts.failures.push(`list page answered ${response.status}: ${body.slice(0, 200)}`);
      else counts.pages += 1;
    }
  })();
  const exports = (async () => {
    while (running && readers.includes('export')) {
      const response = await fetch(`${url}${API}/crud/ns.products/export`, { method: 'POST', headers, body: '{}' });
      const body = await response.text();
      if (response.status !== 200) {
        counts.failures.push(`export answered ${response.status}: ${body.slice(0, 200)}`);
        continue;
      }
      const file = await fetch(`${url}${(JSON.parse(body) as { url: string }).url}`, { headers });
      const csv = await file.text();
      if (file.status !== 200) counts.failures.push(`export download answered ${file.status}`);
      else {
        counts.exports += 1;
        counts.exportedRows = csv.split('\r\n').length - 2;
      }
    }
  })();
  return {
    stop: async () => {
      running = false;
      await Promise.all([pages, exports]);
      return counts;
    },
  };
}

/**
 * Starts the readers in a process of their own: reading a 1,000-row page or a 10 MB CSV in the process
 * that also times the till would hold that process's event loop, and the till's answers would be timed
 * late by the client, not by the server.
 */
export function startBigReaders(url: string, cookie: string, readers: readonly string[]): Promise<{ stop: () => Promise<ReaderCounts> }> {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, [url, cookie, readers.join(',')], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the big readers' process exited (code ${code})`))));
  const next = () => Promise.race([exited, new Promise<ChildMessage>((resolve) => child.once('message', (message) => resolve(message as ChildMessage)))]);
  return next().then(
    () => ({
      stop: async () => {
        const answer = next();
        child.send({ stop: true } satisfies ParentMessage);
        const message = await answer;
        child.disconnect();
        if (!('counts' in message)) throw new Error('the big readers answered no counts');
        return message.counts;
      },
    }),
    (error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    },
  );
}

// Run as the readers' process: start at once, stop and report when the parent asks.
if (process.send && process.argv[1] === new URL(import.meta.url).pathname) {
  const [url = '', cookie = '', readers = ''] = process.argv.slice(2);
  const loop = readLoop(url, cookie, readers.split(','));
  process.once('message', (message: ParentMessage) => {
    if (!message.stop) return;
    void loop.stop().then((counts) => process.send?.({ counts } satisfies ChildMessage));
  });
  process.once('disconnect', () => process.exit(0));
  process.send({ ready: true } satisfies ChildMessage);
}
