import Ajv, { type ErrorObject, type Options as AjvOptions } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchema } from 'fastify';
import { OPTIONAL_BODY } from '../../schemas/http';
import { MAXIMUM_MESSAGE } from '../../schemas/paged';
import { MAX_DECIMALS_KEYWORD, MONEY_DECIMALS, hasAtMostDecimals } from '../../schemas/money';

/**
 * Two compilers: bodies are checked as sent (no type coercion, unknown keys refused by the schemas);
 * query strings and params arrive as text, so they are coerced to the declared types.
 */
function makeAjv(options: AjvOptions): Ajv {
  // verbose: errors carry their schema, so a bound can give its own refusal (MAXIMUM_MESSAGE).
  const ajv = new Ajv({ allErrors: true, strict: false, removeAdditional: false, useDefaults: true, verbose: true, ...options });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: MAX_DECIMALS_KEYWORD,
    type: 'number',
    schemaType: 'number',
    validate: (decimals: number, data: number) => hasAtMostDecimals(data, decimals),
  });
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: 'array' });

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const validate = ajv.compile(schema as object);
  if (httpPart !== 'body' || !(schema as Record<string, unknown>)[OPTIONAL_BODY]) {
    return validate as ReturnType<FastifySchemaCompiler<FastifySchema>>;
  }
  const optional = (data: unknown) => {
    const valid = data === undefined || data === null || validate(data);
    optional.errors = valid ? null : validate.errors;
    return valid;
  };
  optional.errors = null as typeof validate.errors;
  return optional as unknown as ReturnType<FastifySchemaCompiler<FastifySchema>>;
};

/** The field an ajv error is about, as a dotted path ('password', 'products.0.quantity'). */
function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.split('/').filter(Boolean).join('.');
  const child =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : error.keyword === 'additionalProperties'
        ? String(error.params.additionalProperty)
        : '';
  return [base, child].filter(Boolean).join('.') || '_';
}

/** The refusal a schema gives for its own bound ('Pages hold at most 1,000 rows. …'), if it gives one. */
function ownMessage(error: ErrorObject): string | null {
  const message = error.keyword === 'maximum' ? (error.parentSchema as Record<string, unknown> | undefined)?.[MAXIMUM_MESSAGE] : undefined;
  return typeof message === 'string' ? message : null;
}

/** The envelope's message when a failed bound says why in its own words; otherwise null (the generic one). */
export function refusalMessage(errors: readonly ErrorObject[]): string | null {
  for (const error of errors) {
    const message = ownMessage(error);
    if (message) return message;
  }
  return null;
}

/** A message a person can act on, using the spec's wording where it has one. */
function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const own = ownMessage(error);
  if (own) return own;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'This field is not allowed.';
    case 'format':
      return params.format === 'email' ? 'This field must contain a valid email address.' : `This field must be a valid ${String(params.format)}.`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'This field is required.' : `This field must be at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `This field must not exceed ${String(params.limit)} characters.`;
    case 'minimum':
      return `This field must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `This field must not exceed ${String(params.limit)}.`;
    case 'exclusiveMinimum':
      return `This field must be greater than ${String(params.limit)}.`;
    case 'exclusiveMaximum':
      return `This field must be less than ${String(params.limit)}.`;
    case 'type':
      return `This field must be of type ${String(params.type)}.`;
    case 'enum':
    case 'const':
    case 'anyOf':
      return 'This field has a value that is not allowed.';
    case 'pattern':
      return 'This field has an invalid format.';
    case MAX_DECIMALS_KEYWORD:
      return `This field must have at most ${MONEY_DECIMALS} decimals.`;
    case 'minProperties':
      return 'At least one field must be provided.';
    case 'minItems':
      return `At least ${String(params.limit)} entries are required.`;
    case 'maxItems':
      return `At most ${String(params.limit)} entries are allowed.`;
    default:
      return error.message ?? 'This field is not valid.';
  }
}

/** Groups ajv errors by field; the first message of each kind only. */
export function fieldErrors(errors: readonly ErrorObject[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const error of errors) {
    // anyOf/union failures repeat once per branch; the summarising 'anyOf' entry is enough.
    if (errors.some((other) => other.keyword === 'anyOf' && other !== error && error.instancePath === other.instancePath && error.keyword !== 'anyOf'))
      continue;
    const field = fieldOf(error);
    const message = messageOf(error);
    const list = (grouped[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return grouped;
}
