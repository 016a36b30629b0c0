import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEFAULT_CRUD_DIRS } from '../server/crud';
import { setPasswordHashCost } from '../server/services/passwords';
import { benchDialects, createStore, type BenchDialect } from './lib/servers';
import { API, DEMO_LOGIN } from './lib/signIn';
import { atMost, timingOf, type Benchmark, type Ratio, type Timing } from './lib/types';

/**
 * The same "Consignment Intake" declaration served twice by one app: from a file of a CRUD folder and saved in
 * the screen builder (stored in the database), each over its own table of ROWS rows. The list page (a search,
 * sorted, page 2) and the form config are requested alternately, in-process, so both see the same machine load.
 */
const ROWS = Number(process.env.BENCH_BUILDER_ROWS ?? 20_000);
const SAMPLES = 300;
const TARGET = 1.1;

function declaration(kind: 'file' | 'builder') {
  const field = (name: string, label: string, type: string, extra: Record<string, unknown> = {}) => ({ name, label, type, ...extra });
  return {
    namespace: `bench.${kind}-intake`,
    slug: `${kind}-intake`,
    table: `bench_${kind}_intake`,
    labels: { list_title: 'Consignment Intake' },
    permissions: { read: 'catalog.read', create: 'catalog.manage', update: 'catalog.manage', delete: 'catalog.manage' },
    columns: {
      name: { label: 'Name', sortable: true },
      phone: { label: 'Phone' },
      asking: { label: 'Asking', sortable: true },
      intake_date: { label: 'Date' },
    },
    search: ['name'],
    defaultSort: { column: 'asking', direction: 'desc' },
    form: {
      main: field('name', 'Name', 'text', { validation: 'required' }),
      tabs: {
        general: {
          label: 'General',
          fields: [
            field('phone', 'Phone', 'phone'),
            field('intake_date', 'Intake date', 'date'),
            field('condition', 'Condition', 'select', {
              options: [
                { label: 'New', value: 'new' },
                { label: 'Used', value: 'used' },
              ],
            }),
            field('asking', 'Asking price', 'number', { min: 1 }),
          ],
        },
      },
    },
  };
}

async function fill(db: Kysely<any>, table: string): Promise<void> {
  const at = '2026-01-01 00:00:00';
  for (let first = 0; first < ROWS; first += 500) {
    const rows = Array.from({ length: Math.min(500, ROWS - first) }, (_, index) => ({
      name: `Item ${first + index}`,
      phone: '+1 (555) 123-4567',
      intake_date: '2026-01-02',
      condition: (first + index) % 2 ? 'new' : 'used',
      asking: (first + index) % 997,
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto(table).values(rows).execute();
  }
  await sql`analyze`.execute(db);
}

async function timePair(app: FastifyInstance, cookie: string, paths: [string, string]): Promise<[number[], number[]]> {
  const durations: [number[], number[]] = [[], []];
  const once = async (path: string) => {
    const start = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url: path, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' } });
    if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  for (let i = 0; i < 20; i += 1) for (const path of paths) await once(path);
  for (let i = 0; i < SAMPLES; i += 1) {
    // Alternate which goes first, so neither always follows the other's cache warm-up.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) durations[side as 0 | 1].push(await once(paths[side as 0 | 1]));
  }
  return durations;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function runOn(dialect: BenchDialect): Promise<{ timings: Timing[]; ratios: Ratio[] }> {
  const store = await createStore(dialect);
  const dir = mkdtempSync(join(tmpdir(), 'bench-builder-'));
  writeFileSync(join(dir, 'file-intake.json'), JSON.stringify(declaration('file')));
  const config = loadConfig({ DATA_DIR: store.dataDir, LOG_LEVEL: 'warn', ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}) });
  const database = await store.open();
  setPasswordHashCost(config.passwordHashCost);
  const app = await buildApp({ config, database, clientDir: null, crudDirs: [...DEFAULT_CRUD_DIRS, dir] });
  try {
    await app.ready();
    const login = await app.inject({ method: 'POST', url: `${API}/auth/login`, headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: DEMO_LOGIN });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const created = await app.inject({
      method: 'POST',
      url: `${API}/screens`,
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: { declaration: declaration('builder') },
    });
    if (created.statusCode !== 201) throw new Error(`the builder refused the screen: ${created.body}`);
    const db = database.db as unknown as Kysely<any>;
    await fill(db, 'bench_file_intake');
    await fill(db, 'bench_builder_intake');
    const list = (kind: string) => `${API}/crud/bench.${kind}-intake?search=Item%201&page=2&per_page=50`;
    const form = (kind: string) => `${API}/crud/bench.${kind}-intake/form-config`;
    const timings: Timing[] = [];
    const ratios: Ratio[] = [];
    for (const [what, path] of [
      ['list page', list],
      ['form config', form],
    ] as const) {
      const [file, builder] = await timePair(app, cookie, [path('file'), path('builder')]);
      timings.push(timingOf(`${what} from a file on ${dialect}`, file), timingOf(`${what} from the builder on ${dialect}`, builder));
      ratios.push(atMost(`${what}: builder / file median on ${dialect}`, median(builder) / Math.max(median(file), 0.001), TARGET));
    }
    return { timings, ratios };
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    await store.remove();
  }
}

export const builderScreen: Benchmark = {
  name: 'builder-screen',
  description: `A screen made in the builder against the same declaration from a file: list page and form config over ${ROWS.toLocaleString('en-US')} rows each (${benchDialects().join(' and ')})`,
  async run() {
    const timings: Timing[] = [];
    const ratios: Ratio[] = [];
    for (const dialect of benchDialects()) {
      const result = await runOn(dialect);
      timings.push(...result.timings);
      ratios.push(...result.ratios);
    }
    return { name: this.name, description: this.description, measurements: [], timings, ratios, problems: [] };
  },
};
