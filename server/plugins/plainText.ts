import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors';
import { INVALID_FORM_MESSAGE } from './errors';
import { matchedApiRoute } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body keys this route cleans itself (rich text through sanitizeRichText, SVG through sanitizeFloorSvg),
     * or '*' when the route checks each field itself (the CRUD engine, by field type). Every other string
     * of a JSON body is plain text and may not carry markup.
     */
    markupChecked?: '*' | readonly string[];
  }
}

/** A `<` a browser would read as the start of a tag, a comment or a processing instruction. */
const MARKUP = /<[A-Za-z!/?]/;
export const MARKUP_MESSAGE = 'This field must not contain HTML.';
/** PostgreSQL text cannot hold U+0000 (SQLite can): refused everywhere, so both stores agree. */
export const NUL_MESSAGE = 'This field must not contain a NUL character.';
/** Secrets are hashed, never stored or shown as text: any character but NUL goes. */
const SECRET_KEY = /password/i;

/** Whether a plain-text value carries markup. */
export function hasMarkup(text: string): boolean {
  return MARKUP.test(text);
}

/**
 * Field errors for the strings of a JSON value: NUL anywhere; markup outside secrets and the exempt
 * top-level keys ('*': none checked for markup).
 */
export function textErrors(value: unknown, exempt: '*' | readonly string[] = [], path: string[] = []): Record<string, string[]> {
  if (typeof value === 'string') {
    const field = path.join('.') || '_';
    if (value.includes('\u0000')) return { [field]: [NUL_MESSAGE] };
    return exempt !== '*' && hasMarkup(value) ? { [field]: [MARKUP_MESSAGE] } : {};
  }
  if (value === null || typeof value !== 'object') return {};
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const errors: Record<string, string[]> = {};
  for (const [key, item] of entries) {
    const skipMarkup = exempt === '*' || SECRET_KEY.test(key) || (path.length === 0 && exempt.includes(key));
    Object.assign(errors, textErrors(item, skipMarkup ? '*' : [], [...path, key]));
  }
  return errors;
}

/**
 * Plain text never holds markup: a name, note or label with a tag in it is refused (422 on the field)
 * before any handler stores it, so no screen, receipt or export can later render a stored script, even
 * one that forgets to escape. Query strings and params are only searched and matched, never stored:
 * they are checked for NUL only. Runs after validation, so schema errors keep coming first, and for every
 * request that matched an API route, whatever spelling of its path reached it.
 */
export function registerPlainTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (!matchedApiRoute(request)) return;
    const errors = {
      ...textErrors(request.params, '*'),
      ...textErrors(request.query, '*'),
      ...textErrors(request.body, request.routeOptions.config.markupChecked ?? []),
    };
    if (Object.keys(errors).length > 0) throw invalid(INVALID_FORM_MESSAGE, errors);
  });
}
