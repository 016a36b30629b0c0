import { Type } from '@sinclair/typebox';
import { MAX_DB_INTEGER } from './money';

/** For routes that take no query parameters; unknown ones are ignored, as browsers and proxies add their own. */
export const NoQuerySchema = Type.Object({});

/** A positive database id in a path. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: MAX_DB_INTEGER });
export const IdParamsSchema = Type.Object({ id: IdSchema }, { additionalProperties: false });

export const MessageAnswerSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
});

/** Marks a body schema whose body may also be absent; the server's validator compiler honours it. */
export const OPTIONAL_BODY = 'x-optional-body';

/** For POST routes that carry no data: an absent body or an empty object. */
export const EmptyBodySchema = Type.Object({}, { additionalProperties: false, [OPTIONAL_BODY]: true });
