import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { HttpError } from '../errors';
import type { ErrorEnvelope } from '../../schemas/errors';
import { fieldErrors } from './validation';

export const INVALID_FORM_MESSAGE = 'The form is not valid.';

function envelope(message: string, errors?: Record<string, string[]>): ErrorEnvelope {
  return errors ? { status: 'failed', message, errors } : { status: 'failed', message };
}

/** Turns whatever went wrong into the one envelope; stack traces only reach the log. */
export function handleError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(envelope(error.message, error.errors));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return reply.status(422).send(envelope(INVALID_FORM_MESSAGE, fieldErrors(fastifyError.validation as ErrorObject[])));
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
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(envelope('An unexpected error occurred on the server.'));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

export function apiNotFound(reply: FastifyReply) {
  return reply.status(404).send(envelope('The requested resource was not found.'));
}
