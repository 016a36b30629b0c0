import { beforeAll, describe, expect, it } from 'vitest';
import { readDeclaration } from '../../server/crud/load';
import { validateForm } from '../../schemas/form/validate';
import { DIALECTS } from './harness';
import { useTestApp } from './suite';
import { FIXTURE_CRUD, FIXTURE_DIR, NOTES, listUrl, noteBody } from './crud-fixtures';

const declaration = readDeclaration(`${FIXTURE_DIR}/notes.json`);

const byName = (items: Array<{ name: string; message: string }>) => [...items].sort((a, b) => `${a.name} ${a.message}`.localeCompare(`${b.name} ${b.message}`));

/** tests/fixtures/crud/notes.json refuses bad writes as the client's form does, and stores nothing. */
describe.each(DIALECTS)('a declared resource refusing bad input, on %s', (dialect) => {
  const t = useTestApp(dialect, { crud: FIXTURE_CRUD });
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin');
  });

  const list = async (params: Record<string, string | number> = {}, cookie = admin) => {
    const response = await t.call({ method: 'GET', url: listUrl(params), cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('refuses bad forms with the client messages, keyed tab.field, and the same errors as the shared validator', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{}, { title: ['This field is required.'], 'general.author_email': ['This field is required.'] }],
      [
        { title: 'ab', general: { author_email: 'nope', amount: 5000, priority: 9, body: 'x'.repeat(501) } },
        {
          title: ['This field must be at least 3 characters.'],
          'general.author_email': ['This field must contain a valid email address.'],
          'general.amount': ['This field must not exceed 1000.'],
          'general.priority': ['This field must not exceed 5.'],
          'general.body': ['This field must not exceed 500 characters.'],
        },
      ],
      [
        { title: 'x'.repeat(41), general: { author_email: 'a@b.com', amount: -1, priority: 0 } },
        {
          title: ['This field must not exceed 40 characters.'],
          'general.amount': ['This field must be at least 0.'],
          'general.priority': ['This field must be at least 1.'],
        },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await t.call({ method: 'POST', url: NOTES, cookie: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      // The items hold the same messages as `errors`, in the server's order (the table's may differ).
      const fieldErrors = Object.entries(errors).flatMap(([name, messages]) =>
        messages.map((message) => ({ identifier: 'invalid', invalid: true, message, name })),
      );
      const body = response.json();
      expect(body).toEqual({ status: 'failed', message: 'The form is not valid.', errors, field_errors: expect.any(Array) });
      expect(byName(body.field_errors)).toEqual(byName(fieldErrors));
      expect(validateForm(declaration.form!, payload, declaration.fieldRules, { skipTabs: declaration.disabledTabsWhenCreate })).toEqual(errors);
    }
    // The form error items of the first case, spelled out: named 'tab.field' as the form engine maps them.
    const empty = await t.call({ method: 'POST', url: NOTES, cookie: admin, payload: {} });
    expect(empty.json().field_errors).toEqual([
      { identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'title' },
      { identifier: 'invalid', invalid: true, message: 'This field is required.', name: 'general.author_email' },
    ]);
    // The extra tab is disabled on create (disabledTabsWhenCreate): its rules wait for the first update.
    expect(validateForm(declaration.form!, noteBody('Launch', { status: 'published' }), declaration.fieldRules)).toEqual({
      'extra.reminder': ['This field is required.'],
    });
    expect((await list()).total).toBe(0);
  });

  it('refuses unknown tabs and fields, and values of the wrong type', async () => {
    const unknown = await t.call({
      method: 'POST',
      url: NOTES,
      cookie: admin,
      payload: { ...noteBody('Fine'), bogus: 1, general: { author_email: 'a@b.com', nope: 2 } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ bogus: ['This field is not allowed.'], 'general.nope': ['This field is not allowed.'] });

    const wrong = await t.call({
      method: 'POST',
      url: NOTES,
      cookie: admin,
      payload: {
        title: 42,
        general: { author_email: true, amount: 'abc', priority: [], pinned: 'maybe', status: 'archived', tags: 'red', category_id: 9999 },
        extra: 'x',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      // Numbers are taken as text in text fields; then the text is too short.
      title: ['This field must be at least 3 characters.'],
      'general.author_email': ['This field must be of type string.'],
      'general.amount': ['This field must be of type number.'],
      'general.priority': ['This field must be of type number.'],
      'general.pinned': ['This field must be of type boolean.'],
      'general.status': ['This field has a value that is not allowed.'],
      'general.tags': ['This field must be of type array.'],
      'general.category_id': ['This field has a value that is not allowed.'],
      extra: ['This field must be of type object.'],
    });
    for (const payload of [[1, 2], 'text', null]) {
      const response = await t.call({ method: 'POST', url: NOTES, cookie: admin, payload: payload as object });
      expect([400, 415, 422], JSON.stringify(payload)).toContain(response.statusCode);
      expect(response.json().status).toBe('failed');
    }
    expect((await list()).total).toBe(0);
  });
});
