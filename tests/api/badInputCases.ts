import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { BODY_METHODS, MISSING_ID, fillUrl, isCrudRoute, paramNames, sampleOf, sampleParams, sampleRequest, schemaPart, type JsonSchema } from './routeWalk';
import type { DeclaredRoute } from '../../server/plugins/access';

/** The requests bad-input.test.ts sends: a valid-ish request per route from its schemas, and seeded mutations of it. */

const MUTATIONS_PER_PART = 24;
export const SEED = 20_240_915;

/** Routes not driven, and why. */
export const SKIPPED: Record<string, string> = {
  'POST /api/nexopos/v4/auth/logout': 'ends the session the walk runs with (its only input is an empty body)',
  'GET /api/nexopos/v4/realtime': 'a websocket upgrade: it has no input but the session cookie',
  'HEAD /api/nexopos/v4/realtime': 'a websocket upgrade: it has no input but the session cookie',
};

const HUGE = 'x'.repeat(1_000_000);
const DEEP_ARRAY: unknown = JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`);
const SCRIPT = '<script>alert(1)</script>';
export const IMG = '<img src=x onerror=alert(1)>';
const TEXTS = ["' OR 1=1 --", "'; drop table users; --", SCRIPT, IMG, '\u202Etxt.exe', '😀👍🏽', 'a\u0000b', 'NaN', 'Infinity', '-Infinity', '-1', '1e308', ''];
/** Values put in a body field: hostile texts, odd numbers, wrong types and a deep structure. */
const FIELD_VALUES: unknown[] = [
  ...TEXTS,
  HUGE,
  -1,
  -999_999_999,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  {},
  [],
  { $ne: 1 },
  DEEP_ARRAY,
];
/** Values put in a query key or a path param (text by nature; 10 kB instead of 1 MB: it is a URL). */
const URL_VALUES = [...TEXTS, 'x'.repeat(10_000), '-999999999', '1.5', '0', '99999999999999999999', '[object Object]'];

/** mulberry32: the same choices on every run. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: T[], count: number, next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

interface Case {
  label: string;
  request: InjectOptions;
}

const json = (payload: string): Pick<InjectOptions, 'payload' | 'headers'> => ({ payload, headers: { 'content-type': 'application/json' } });

/** Mutations of a JSON body: whole-body shapes, each required key missing, each key (and first item's keys) set to each value. */
function bodyCases(route: DeclaredRoute, base: InjectOptions, schema: JsonSchema, next: () => number): Case[] {
  const valid = (sampleOf(schema) ?? {}) as Record<string, unknown>;
  const shapes: Case[] = [
    { label: 'body []', request: { ...base, ...json('[]') } },
    { label: 'body "text"', request: { ...base, ...json('"text"') } },
    { label: 'body 42', request: { ...base, ...json('42') } },
    { label: 'body null', request: { ...base, ...json('null') } },
    { label: 'body NaN literal', request: { ...base, ...json('{"x": NaN}') } },
    { label: 'body not JSON', request: { ...base, ...json('{"x": ') } },
    { label: 'body deep', request: { ...base, ...json(`${'['.repeat(1000)}${']'.repeat(1000)}`) } },
    { label: 'body __proto__', request: { ...base, ...json('{"__proto__": {"role": "administrator"}}') } },
    { label: 'body extra key', request: { ...base, payload: { ...valid, unexpected_key: SCRIPT } } },
    { label: 'body as form', request: { ...base, payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
  ];
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return shapes;
  const missing = (schema.required ?? []).map((key): Case => {
    const { [key]: _dropped, ...rest } = valid;
    return { label: `body without ${key}`, request: { ...base, payload: rest } };
  });
  const fields: Case[] = [];
  // Markup in every text field, always: the stored-script check must not depend on the draw.
  const markup: Case[] = Object.keys(valid)
    .filter((key) => typeof valid[key] === 'string')
    .map((key): Case => ({ label: `body ${key}=<script>`, request: { ...base, payload: { ...valid, [key]: SCRIPT } } }));
  for (const key of Object.keys(valid)) {
    for (const value of FIELD_VALUES) fields.push({ label: `body ${key}=${describeValue(value)}`, request: { ...base, payload: { ...valid, [key]: value } } });
    const first = Array.isArray(valid[key]) ? (valid[key] as unknown[])[0] : undefined;
    if (first && typeof first === 'object' && !Array.isArray(first)) {
      for (const inner of Object.keys(first)) {
        for (const value of FIELD_VALUES) {
          fields.push({
            label: `body ${key}[0].${inner}=${describeValue(value)}`,
            request: { ...base, payload: { ...valid, [key]: [{ ...first, [inner]: value }] } },
          });
        }
      }
    }
  }
  return [...shapes, ...missing, ...markup, ...pick(fields, MUTATIONS_PER_PART, next)];
}

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : value === DEEP_ARRAY ? 'deep[1000]' : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length})` : text;
}

function queryCases(route: DeclaredRoute, base: InjectOptions, next: () => number): Case[] {
  const schema = schemaPart(route, 'querystring');
  const keys = Object.keys(schema?.properties ?? {});
  const cases: Case[] = keys.flatMap((key) =>
    URL_VALUES.map((value): Case => ({ label: `query ${key}=${describeValue(value)}`, request: { ...base, query: { [key]: value } } })),
  );
  cases.push({ label: 'query repeated key', request: { ...base, url: `${base.url}?${keys[0] ?? 'x'}=1&${keys[0] ?? 'x'}=2` } });
  return pick(cases, MUTATIONS_PER_PART, next);
}

function paramCases(route: DeclaredRoute, next: () => number, body: InjectOptions['payload']): Case[] {
  const cases: Case[] = paramNames(route.url).flatMap((name) =>
    URL_VALUES.map((value): Case => ({
      label: `param ${name}=${describeValue(value)}`,
      request: { method: route.method as InjectOptions['method'], url: fillUrl(route.url, { ...sampleParams(route), [name]: value }), payload: body },
    })),
  );
  const first = paramNames(route.url)[0]!;
  const malformed = fillUrl(route.url, { ...sampleParams(route), [first]: 'MALFORMED' }).replace('MALFORMED', '%E0%A4%A');
  return [
    { label: `param ${first} malformed %-encoding`, request: { method: route.method as InjectOptions['method'], url: malformed, payload: body } },
    ...pick(cases, MUTATIONS_PER_PART, next),
  ];
}

/** Malformed and hostile multipart bodies for the upload routes. */
function multipartCases(base: InjectOptions): Case[] {
  const boundary = '----q9boundary';
  const type = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  const part = (name: string, filename: string, mime: string, content: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: ${mime}\r\n\r\n${content}\r\n`;
  const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const end = `--${boundary}--\r\n`;
  return [
    { label: 'multipart without boundary', request: { ...base, payload: 'x', headers: { 'content-type': 'multipart/form-data' } } },
    { label: 'multipart garbage', request: { ...base, payload: 'not a multipart body at all', headers: type } },
    {
      label: 'multipart truncated',
      request: { ...base, payload: `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`, headers: type },
    },
    { label: 'multipart empty', request: { ...base, payload: end, headers: type } },
    { label: 'multipart JSON instead', request: { ...base, payload: { file: 'x' } } },
    {
      label: 'multipart script file',
      request: {
        ...base,
        payload: part('file', `${SCRIPT}.png`, 'image/png', SCRIPT) + part('images[]', `${IMG}.png`, 'image/png', SCRIPT) + end,
        headers: type,
      },
    },
    {
      label: 'multipart script text file',
      request: {
        ...base,
        payload: part('file', `${SCRIPT}.txt`, 'text/plain', SCRIPT) + field('type', SCRIPT) + field('custom_id', '-1') + end,
        headers: type,
      },
    },
    {
      label: 'multipart hostile fields',
      request: { ...base, payload: field('action_type', "' OR 1=1 --") + field('layer', 'NaN') + field('user_id', '1e308') + end, headers: type },
    },
    { label: 'multipart traversal name', request: { ...base, payload: part('file', '../../../etc/passwd', 'image/png', '\u0089PNG') + end, headers: type } },
  ];
}

/** A CRUD resource as the walk drives it: its form (from form-config) and a row to update. */
export interface CrudTarget {
  namespace: string;
  existingId: number | null;
  /** { main: value, tab: { field: value } } with a plain value in each field, or null without a form. */
  form: Record<string, unknown> | null;
}

interface FormField {
  name: string;
  type: string;
  options?: Array<{ value: unknown }>;
}
export interface FormConfig {
  form: { main?: FormField; tabs: Record<string, { fields: FormField[] }> };
}

function plainValue(field: FormField): unknown {
  if (field.options?.length) return field.options[0]!.value;
  if (field.type === 'number') return 1;
  if (field.type === 'email') return 'someone@example.com';
  return 'Sample';
}

export function formBody(config: FormConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (config.form.main) body[config.form.main.name] = plainValue(config.form.main);
  for (const [tab, { fields }] of Object.entries(config.form.tabs)) {
    body[tab] = Object.fromEntries(fields.map((field) => [field.name, plainValue(field)]));
  }
  return body;
}

/**
 * The CRUD routes take any namespace: each declared resource is driven, with its own form's fields
 * (markup in each, then drawn mutations) and, for updates, one of its rows.
 */
function crudCases(route: DeclaredRoute, targets: CrudTarget[], next: () => number): Case[] {
  return targets.flatMap((target): Case[] => {
    const id = route.method === 'DELETE' ? MISSING_ID : (target.existingId ?? MISSING_ID);
    const base = sampleRequest(route, { namespace: target.namespace, id, file: `${target.namespace}--${'0'.repeat(32)}.csv` });
    const label = (text: string) => `${target.namespace} ${text}`;
    const cases: Case[] = [{ label: label('sample'), request: base }];
    if (!target.form || !(route.method === 'POST' || route.method === 'PUT') || !/:namespace(\/:id)?$/.test(route.url)) return cases;
    const form = target.form;
    const set = (tab: string | null, key: string, value: unknown) =>
      tab === null ? { ...form, [key]: value } : { ...form, [tab]: { ...(form[tab] as object), [key]: value } };
    const slots: Array<[string | null, string]> = Object.entries(form).flatMap(([key, value]): Array<[string | null, string]> =>
      value !== null && typeof value === 'object' ? Object.keys(value).map((inner) => [key, inner]) : [[null, key]],
    );
    cases.push({ label: label('form'), request: { ...base, payload: form } });
    for (const [tab, key] of slots) cases.push({ label: label(`${tab ?? ''}.${key}=<script>`), request: { ...base, payload: set(tab, key, SCRIPT) } });
    const drawn = slots.flatMap(([tab, key]) =>
      FIELD_VALUES.map((value): Case => ({
        label: label(`${tab ?? ''}.${key}=${describeValue(value)}`),
        request: { ...base, payload: set(tab, key, value) },
      })),
    );
    return [...cases, ...pick(drawn, 8, next)];
  });
}

export function casesFor(route: DeclaredRoute, next: () => number, targets: CrudTarget[]): Case[] {
  const base = sampleRequest(route);
  const cases: Case[] = [{ label: 'sample', request: base }];
  if (isCrudRoute(route)) cases.push(...crudCases(route, targets, next));
  const bodySchema = schemaPart(route, 'body');
  if (route.multipart) cases.push(...multipartCases(base));
  else if (bodySchema && BODY_METHODS.has(route.method)) cases.push(...bodyCases(route, base, bodySchema, next));
  if (schemaPart(route, 'querystring')?.properties && Object.keys(schemaPart(route, 'querystring')!.properties!).length > 0)
    cases.push(...queryCases(route, base, next));
  if (paramNames(route.url).length > 0) cases.push(...paramCases(route, next, base.payload));
  return cases;
}

/** The one error envelope (the floor routes add `success: false` for the spec's client). */
export function envelopeProblem(response: LightMyRequestResponse, method: string): string | null {
  if (method === 'HEAD') return null;
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 120)}`;
  }
  if (body.status !== 'failed' || typeof body.message !== 'string' || body.message === '') return `not the envelope: ${response.body.slice(0, 200)}`;
  const extra = Object.keys(body).filter((key) => !['status', 'message', 'errors', 'field_errors', 'success'].includes(key));
  if (extra.length) return `extra keys in the envelope: ${extra.join(', ')}`;
  return fieldErrorsProblem(body);
}

/** Field errors come both keyed and as the spec's form error items: the same messages, each item `invalid`. */
function fieldErrorsProblem(body: Record<string, unknown>): string | null {
  const keyed = body.errors as Record<string, string[]> | undefined;
  const items = body.field_errors as Array<Record<string, unknown>> | undefined;
  if (keyed === undefined && items === undefined) return null;
  if (keyed === undefined || !Array.isArray(items)) return `errors without field_errors (or the reverse): ${JSON.stringify(body).slice(0, 200)}`;
  const fromItems: Record<string, string[]> = {};
  for (const item of items) {
    if (item.identifier !== 'invalid' || item.invalid !== true || typeof item.name !== 'string' || typeof item.message !== 'string')
      return `not a form error item: ${JSON.stringify(item)}`;
    (fromItems[item.name] ??= []).push(item.message);
  }
  return JSON.stringify(fromItems) === JSON.stringify(keyed) ? null : `field_errors do not match errors: ${JSON.stringify(body).slice(0, 200)}`;
}
