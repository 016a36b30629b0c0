import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOOK_DIRS } from '../../server/crud/hooks';
import { FIELD_TYPE_CASES } from '../fixtures/fieldTypeCases';
import { API, DIALECTS, createTestApp } from './harness';
import { useTestApp } from './suite';

const FIXTURE_DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'crud-field-types');
const SAMPLES = `${API}/crud/test.field-types`;

/**
 * Every field type's values, written through the generic CRUD API: the server refuses what the browser
 * form refuses, with the same message (the cases table is shared with tests/unit/field-type-cases.test.ts),
 * and writes nothing.
 */
describe.each(DIALECTS)('field types on CRUD writes, on %s', (dialect) => {
  const t = useTestApp(dialect, { crud: { crudDirs: [FIXTURE_DIR], crudHookDirs: DEFAULT_HOOK_DIRS } });
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin');
  });
  const rowCount = async () =>
    (
      await t.database.db
        .selectFrom('field_type_samples' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('refuses every bad value with 422, the browser message, keyed general.<field>, and stores nothing', async () => {
    for (const { field, value, message } of FIELD_TYPE_CASES.filter((one) => one.message !== null)) {
      const response = await t.call({ method: 'POST', url: SAMPLES, cookie: admin, payload: { name: 'Sample', general: { [field]: value } } });
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(422);
      expect(response.json(), `${field} ${JSON.stringify(value)}`).toEqual({
        status: 'failed',
        message: 'The form is not valid.',
        errors: { [`general.${field}`]: [message] },
        field_errors: [{ identifier: 'invalid', invalid: true, message, name: `general.${field}` }],
      });
    }
    expect(Number(await rowCount())).toBe(0);
  });

  it('stores every good value, and refuses a bad one on update too', async () => {
    const good = FIELD_TYPE_CASES.filter((one) => one.message === null);
    for (const { field, value } of good) {
      const response = await t.call({ method: 'POST', url: SAMPLES, cookie: admin, payload: { name: field, general: { [field]: value } } });
      expect(response.statusCode, `${field} ${response.body}`).toBe(200);
    }
    expect(Number(await rowCount())).toBe(good.length);
    const list = await t.call({ method: 'GET', url: `${SAMPLES}?search=rating`, cookie: admin });
    const [rated] = list.json().data;
    expect([rated.name, rated.rating]).toEqual(['rating', 4]);
    const update = await t.call({ method: 'PUT', url: `${SAMPLES}/${rated.$id}`, cookie: admin, payload: { general: { rating: 9, phone: 'hello' } } });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({
      'general.phone': ['This field must be a phone number in the form +1 (###) ###-####.'],
      'general.rating': ['This field must be a whole number of stars from 1 to 5.'],
    });
  });

  it('names the field type of columns whose type words its own cells', async () => {
    const config = (await t.call({ method: 'GET', url: `${SAMPLES}/config`, cookie: admin })).json();
    expect(
      Object.fromEntries(Object.entries(config.columns as Record<string, { field?: string }>).map(([key, column]) => [key, column.field ?? null])),
    ).toEqual({
      name: null,
      rating: 'star-rating',
      stay: 'daterangepicker',
      phone: null,
    });
  });
});

describe('a declaration naming a field type nobody registered', () => {
  it('stops the start with one line naming the file and the type', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'field-types-'));
    const declaration = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'field-types.json'), 'utf8'));
    declaration.form.tabs.general.fields[0].type = 'signature-pad';
    fs.writeFileSync(path.join(dir, 'signatures.json'), JSON.stringify(declaration));
    const failure = await createTestApp('sqlite', { seed: false, crud: { crudDirs: [dir], crudHookDirs: DEFAULT_HOOK_DIRS } }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toBe(
      'signatures.json: form field "general.phone" has type "signature-pad", which is not a registered field type (add extensions/fields/signature-pad/definition.ts, see README "Adding a field type").',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
