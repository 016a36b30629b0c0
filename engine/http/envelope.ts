import { isAxiosError } from 'axios';
import { formErrorItemsOf, type ErrorEnvelope, type FormErrorItem } from '../../schemas/errors';

/** The message shown when a failure carries no server message. */
export const FALLBACK_ERROR_MESSAGE = 'An unexpected error has occurred';

/** Whether a value has the shape of the server's error envelope. */
export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate.status === 'failed' && typeof candidate.message === 'string';
}

/** The envelope a failed request answered, if it answered one. */
export function envelopeOf(error: unknown): ErrorEnvelope | undefined {
  const data = isAxiosError(error) ? error.response?.data : error;
  return isErrorEnvelope(data) ? data : undefined;
}

/** The server's message for a failure, or the fallback message. */
export function messageOf(error: unknown): string {
  const envelope = envelopeOf(error);
  if (envelope && envelope.message.trim() !== '') return envelope.message;
  return FALLBACK_ERROR_MESSAGE;
}

/** Field errors of a 422 envelope keyed by field name; empty when there are none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return envelopeOf(error)?.errors ?? {};
}

/**
 * Field errors of a 422 envelope as form error items (spec 01 §3); an envelope with only the keyed
 * messages (an older server) gives the same items from them. Empty when there are none.
 */
export function fieldErrorItemsOf(error: unknown): FormErrorItem[] {
  const envelope = envelopeOf(error);
  if (!envelope) return [];
  return Array.isArray(envelope.field_errors) ? envelope.field_errors : formErrorItemsOf(envelope.errors ?? {});
}

/** The HTTP status of a failed request, if the server answered. */
export function statusOf(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}
