import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { DISK_FULL_MESSAGE, HttpError, NUMBER_OUT_OF_RANGE_MESSAGE, isDiskFull, isNumberOutOfRange } from '../errors';
import { formErrorItemsOf, type ErrorEnvelope } from '../../schemas/errors';
import { fieldErrors, refusalMessage } from './validation';

export const INVALID_FORM_MESSAGE = 'The form is not valid.';

/** The envelope; field errors go out both keyed by field (as clients read them first) and as the spec's form error items. */
function envelope(message: string, errors?: Record<string, string[]>): ErrorEnvelope {
  return errors ? { status: 'failed', message, errors, field_errors: formErrorItemsOf(errors) } : { status: 'failed', message };
}

/** Turns whatever went wrong into the one envelope; stack traces only reach the log. */
export function handleError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(envelope(error.message, error.errors));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const validation = fastifyError.validation as ErrorObject[];
    return reply.status(422).send(envelope(refusalMessage(validation) ?? INVALID_FORM_MESSAGE, fieldErrors(validation)));
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty.'
          : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'This content type is not supported.'
            : error.message;
    return reply.status(status).send(envelope(message));
  }
  if (isDiskFull(error)) {
    // Staff can act on this one: the write was refused whole (its transaction rolled back, its file removed).
    request.log.error({ err: error }, 'disk full');
    return reply.status(507).send(envelope(DISK_FULL_MESSAGE));
  }
  if (isNumberOutOfRange(error)) {
    request.log.warn({ err: error }, 'number out of range reached the database');
    return reply.status(422).send(envelope(NUMBER_OUT_OF_RANGE_MESSAGE));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(envelope('An unexpected error occurred on the server.'));
}

/** What the router refuses before any route runs, in the words of the one envelope. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/**
 * Fastify's frameworkErrors option: a malformed URL (bad percent-encoding) or a path param over
 * maxParamLength is refused by the router itself, which would answer its own JSON shape without this.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message = FRAMEWORK_MESSAGES[error.code];
  if (message) return reply.status(error.statusCode ?? 400).send(envelope(message));
  return handleError(error, request, reply);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

export function apiNotFound(reply: FastifyReply) {
  return reply.status(404).send(envelope('The requested resource was not found.'));
}
