import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { DEFAULT_CRUD_DIRS } from '../../server/crud';
import { readDeclaration } from '../../server/crud/load';
import { registerShippedFieldTypes } from '../registerFieldTypes';
import type { DeclaredRoute } from '../../server/plugins/access';

/**
 * What the permission-matrix and bad-input tests share: the declared API routes (app.apiRoutes, recorded
 * by the access plugin as routes register) and a "valid-ish" request for each, made from its JSON schemas.
 */

/** A JSON schema as TypeBox leaves it (plain keywords; its symbols are ignored). */
export type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** Ids that exist nowhere: writes aimed at them change nothing. */
export const MISSING_ID = 999_999;

/** Strings tried, in order, against a pattern; the first that fits is the sample. */
const PATTERN_CANDIDATES = [
  'x',
  'abc',
  'ns.nothing',
  '2024-01-15',
  '#123456',
  'USD',
  '/receipt',
  '1.5',
  '10',
  'text',
  `${'0'.repeat(32)}.png`,
  `ns.nothing--${'0'.repeat(32)}.csv`,
  '',
];

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'someone@example.com',
  date: '2024-01-15',
  'date-time': '2024-01-15T10:00:00Z',
  time: '10:00:00',
  uri: 'https://example.com/',
};

function fitsLength(value: string, schema: JsonSchema): boolean {
  return value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
}

function sampleString(schema: JsonSchema): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fit = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate) && fitsLength(candidate, schema));
    if (fit !== undefined) return fit;
  }
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** A number inside the bounds: `preferred` when it fits, else the nearest bound (on a multipleOf step). */
function sampleNumber(schema: JsonSchema, preferred: number): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity);
  let value = Math.min(Math.max(preferred, min), max);
  if (schema.multipleOf) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return value;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? (schema.type.find((type) => type !== 'null') ?? schema.type[0]) : schema.type;
}

/**
 * A value the schema accepts, or close to it: ids point nowhere (999999), strings are short and plain,
 * every declared property is present, arrays hold one item. Enough to get past validation on most routes.
 */
export function sampleOf(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && typeof schema.default !== 'object') return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const branch = branches.find((b) => b.type !== 'null') ?? branches[0];
    return sampleOf(branch, name);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, name)));
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = sampleOf(property, key);
      return value;
    }
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(schema.items, name));
    }
    case 'integer':
      return sampleNumber(schema, MISSING_ID);
    case 'number':
      return sampleNumber(schema, 1);
    case 'string':
      return sampleString(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return /id$/i.test(name) ? MISSING_ID : 'x';
  }
}

export function schemaPart(route: DeclaredRoute, part: 'params' | 'querystring' | 'body'): JsonSchema | undefined {
  return route.schema?.[part] as JsonSchema | undefined;
}

/** The :names of a route's path, in order. */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** The path with its params filled in (URL-encoded). */
export function fillUrl(url: string, params: Record<string, unknown>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => encodeURIComponent(String(params[name])));
}

export function routeKey(route: Pick<DeclaredRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The sample params of a route, with overrides by name (a CRUD namespace, an owned id). */
export function sampleParams(route: DeclaredRoute, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const schema = schemaPart(route, 'params');
  const params: Record<string, unknown> = {};
  for (const name of paramNames(route.url)) params[name] = overrides[name] ?? sampleOf(schema?.properties?.[name], name) ?? MISSING_ID;
  return params;
}

/** A whole valid-ish request for a route (only the required query keys; multipart routes get no body). */
export function sampleRequest(route: DeclaredRoute, overrides: Record<string, unknown> = {}): InjectOptions {
  const params = sampleParams(route, overrides);
  const querySchema = schemaPart(route, 'querystring');
  const query: Record<string, string> = {};
  for (const key of querySchema?.required ?? []) query[key] = String(sampleOf(querySchema?.properties?.[key], key));
  const bodySchema = schemaPart(route, 'body');
  const request: InjectOptions = { method: route.method as InjectOptions['method'], url: fillUrl(route.url, params), query };
  if (bodySchema && BODY_METHODS.has(route.method)) request.payload = sampleOf(bodySchema) as InjectOptions['payload'];
  return request;
}

/** The CRUD declarations the app serves (schemas/crud/*.json): each namespace the CRUD routes take. */
export function crudDeclarations() {
  registerShippedFieldTypes();
  return DEFAULT_CRUD_DIRS.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => readDeclaration(path.join(dir, file))),
  );
}

export const isCrudRoute = (route: Pick<DeclaredRoute, 'url'>) => /\/crud(-exports)?\//.test(route.url);

/**
 * The spellings of one API path an attacker tries through inject (light-my-request keeps the path as
 * given, except that it turns an absolute URL into its path, as a proxy would).
 */
export const SPELLINGS = {
  plain: (url: string) => url,
  /** `/%61pi/…`: the first letter of "api" percent-encoded; the router decodes it and finds the route. */
  'encoded letter': (url: string) => url.replace(/^\/a/, '/%61'),
  /** `http://localhost/api/…`: what inject sends as the path `/api/…`. */
  'absolute URL through inject': (url: string) => `http://localhost${url}`,
  /** `//api/…`. */
  'doubled slash': (url: string) => `/${url}`,
} as const;
export type Spelling = keyof typeof SPELLINGS;

/** What the walk compares: status and body, the same for inject and for a real HTTP answer. */
export interface Answer {
  statusCode: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request over a real socket to a server listening on 127.0.0.1, with the request target sent
 * exactly as given: absolute-form (`http://host/api/…`), dot segments and backslashes reach the server
 * untouched, which inject cannot do.
 */
export function sendRaw(port: number, request: { method: string; target: string; headers?: Record<string, string>; payload?: unknown }): Promise<Answer> {
  const body = request.payload === undefined ? undefined : JSON.stringify(request.payload);
  const headers: Record<string, string> = { ...request.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port, agent, method: request.method, path: request.target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The path and query of a sample request, as one request target. */
export function targetOf(request: InjectOptions): string {
  const query = new URLSearchParams(request.query as Record<string, string>).toString();
  return `${request.url as string}${query ? `?${query}` : ''}`;
}
