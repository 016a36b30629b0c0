export { http, createHttpClient, API_BASE_URL, type HttpClientOptions } from './client';
export { envelopeOf, fieldErrorItemsOf, fieldErrorsOf, isErrorEnvelope, messageOf, statusOf, FALLBACK_ERROR_MESSAGE } from './envelope';
export { stripTrailingSlashes } from './stripTrailingSlashes';
export { apiPath } from './apiPath';
