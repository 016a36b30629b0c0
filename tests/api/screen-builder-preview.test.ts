import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './harness';
import { INTAKE, SCREENS, intakeDeclaration } from './screenBuilderFixtures';

describe.each(DIALECTS)('the screen builder preview, field types and list on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('previews a draft with no table, and answers what the served screen answers once saved', async () => {
    const preview = await t.call({ method: 'POST', url: `${SCREENS}/preview`, cookie: admin, payload: { declaration: intakeDeclaration() } });
    expect(preview.statusCode, preview.body).toBe(200);
    // a preview creates nothing: the screen is neither stored nor served
    expect((await t.call({ method: 'GET', url: SCREENS, cookie: admin })).json().total).toBe(0);
    expect((await t.call({ method: 'GET', url: `${INTAKE}/config`, cookie: admin })).statusCode).toBe(404);

    const created = await t.call({ method: 'POST', url: SCREENS, cookie: admin, payload: { declaration: intakeDeclaration() } });
    expect(created.statusCode, created.body).toBe(201);
    const config = (await t.call({ method: 'GET', url: `${INTAKE}/config`, cookie: admin })).json();
    const form = (await t.call({ method: 'GET', url: `${INTAKE}/form-config`, cookie: admin })).json();
    expect(preview.json()).toEqual({ config, form });
    expect(config.columns.intake_number.label).toBe('Intake number');
    expect(form.form.tabs.general.fields.map((field: { name: string }) => field.name)).toEqual(['intake_number', 'phone', 'notes', 'condition']);
  });

  it('answers a broken draft with 422, never 500', async () => {
    for (const declaration of [{ namespace: 'x' }, { ...intakeDeclaration(), columns: 'none' }, { ...intakeDeclaration(), hooks: 'x' }]) {
      const answer = await t.call({ method: 'POST', url: `${SCREENS}/preview`, cookie: admin, payload: { declaration } });
      expect(answer.statusCode, answer.body).toBe(422);
    }
    // the problem is keyed by its JSON path, so the builder can place it
    const columns = await t.call({
      method: 'POST',
      url: `${SCREENS}/preview`,
      cookie: admin,
      payload: { declaration: { ...intakeDeclaration(), columns: 'none' } },
    });
    expect(Object.keys(columns.json().errors)).toEqual(['/columns']);
    const notAnObject = await t.call({ method: 'POST', url: `${SCREENS}/preview`, cookie: admin, payload: { declaration: 'x' } });
    expect(notAnObject.statusCode).toBe(422);
  });

  it('offers the registered field types, with options and bounds where they apply', async () => {
    const answer = await t.call({ method: 'GET', url: `${SCREENS}/field-types`, cookie: admin });
    expect(answer.statusCode).toBe(200);
    const types = answer.json() as Array<{ type: string; label: string; options?: boolean; minmax?: boolean }>;
    expect(types.find((type) => type.type === 'text')).toEqual({ type: 'text', label: 'Text' });
    expect(types.find((type) => type.type === 'select')).toEqual({ type: 'select', label: 'Select', options: true });
    expect(types.find((type) => type.type === 'number')).toEqual({ type: 'number', label: 'Number', minmax: true });
  });

  it('lists the stored screens, paged and searched', async () => {
    const all = (await t.call({ method: 'GET', url: `${SCREENS}?page=1&per_page=10`, cookie: admin })).json();
    expect(all.total).toBe(1);
    expect(all.data[0]).toMatchObject({ namespace: 'test.intake', slug: 'consignment-intake', title: 'Consignment Intake', version: 1 });
    expect((await t.call({ method: 'GET', url: `${SCREENS}?search=intake`, cookie: admin })).json().total).toBe(1);
    expect((await t.call({ method: 'GET', url: `${SCREENS}?search=nothing-like-it`, cookie: admin })).json().total).toBe(0);
    expect((await t.call({ method: 'GET', url: `${SCREENS}?per_page=0`, cookie: admin })).statusCode).toBe(422);
  });
});
