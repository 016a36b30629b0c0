import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './client';
import { FALLBACK_ERROR_MESSAGE, fieldErrorItemsOf, fieldErrorsOf, messageOf } from './envelope';
import { stripTrailingSlashes } from './stripTrailingSlashes';
import { apiPath } from './apiPath';

/** An adapter that records each request and answers 200 with an empty object. */
function recordingAdapter() {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { adapter, requests };
}

/** An adapter that fails every request with the given status and body. */
function failingAdapter(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    const response = { data, status, statusText: 'Failed', headers: {}, config };
    throw new AxiosError('Request failed', AxiosError.ERR_BAD_REQUEST, config, undefined, response);
  };
}

describe('stripTrailingSlashes', () => {
  it.each([
    ['/options/', '/options'],
    ['/crud/products///', '/crud/products'],
    ['/crud/products/?page=2&search=a/', '/crud/products?page=2&search=a/'],
    ['/orders/12#top', '/orders/12#top'],
    ['/auth/user', '/auth/user'],
  ])('%s → %s', (input, expected) => {
    expect(stripTrailingSlashes(input)).toBe(expected);
  });
});

describe('the http client', () => {
  it('sends the x-requested-with header, credentials and the api base path', async () => {
    const { adapter, requests } = recordingAdapter();
    await createHttpClient({ adapter }).post('/auth/logout', {});
    const request = requests[0];
    expect(request?.baseURL).toBe('/api/nexopos/v4');
    expect(request?.withCredentials).toBe(true);
    expect(AxiosHeaders.from(request?.headers).get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('removes trailing slashes from request paths', async () => {
    const { adapter, requests } = recordingAdapter();
    await createHttpClient({ adapter }).get('/crud/products/', { params: { page: 1 } });
    expect(requests[0]?.url).toBe('/crud/products');
  });

  it("shows the server's message when a request fails", async () => {
    const notifyError = vi.fn();
    const client = createHttpClient({ adapter: failingAdapter(403, { status: 'failed', message: 'Access denied.' }), notifyError });
    await expect(client.get('/options')).rejects.toBeInstanceOf(AxiosError);
    expect(notifyError).toHaveBeenCalledWith('Access denied.', undefined);
  });

  it('falls back to the generic message when the failure carries no envelope', async () => {
    const notifyError = vi.fn();
    const client = createHttpClient({ adapter: failingAdapter(502, '<html>Bad gateway</html>'), notifyError });
    await expect(client.get('/options')).rejects.toBeInstanceOf(AxiosError);
    expect(notifyError).toHaveBeenCalledWith(FALLBACK_ERROR_MESSAGE, undefined);
  });

  it('stays quiet for silent requests and passes the requested notice duration', async () => {
    const notifyError = vi.fn();
    const client = createHttpClient({ adapter: failingAdapter(401, { status: 'failed', message: 'Unauthenticated.' }), notifyError });
    await expect(client.get('/auth/user', { silent: true })).rejects.toBeInstanceOf(AxiosError);
    expect(notifyError).not.toHaveBeenCalled();
    await expect(client.post('/auth/password', {}, { errorNoticeDuration: 5000 })).rejects.toBeInstanceOf(AxiosError);
    expect(notifyError).toHaveBeenCalledWith('Unauthenticated.', 5000);
  });
});

describe('reading the error envelope', () => {
  const envelope = { status: 'failed', message: 'The form is not valid.', errors: { ns_currency_iso: ['This field has an invalid format.'] } };
  const failure = new AxiosError('Request failed', '422', undefined, undefined, {
    data: envelope,
    status: 422,
    statusText: 'Unprocessable Entity',
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

  it('extracts the message and the field errors', () => {
    expect(messageOf(failure)).toBe('The form is not valid.');
    expect(fieldErrorsOf(failure)).toEqual({ ns_currency_iso: ['This field has an invalid format.'] });
  });

  it('reads a bare envelope too, and falls back for anything else', () => {
    expect(messageOf(envelope)).toBe('The form is not valid.');
    expect(messageOf(new Error('network down'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(messageOf({ status: 'failed', message: '  ' })).toBe(FALLBACK_ERROR_MESSAGE);
    expect(fieldErrorsOf(new Error('network down'))).toEqual({});
    expect(fieldErrorItemsOf(new Error('network down'))).toEqual([]);
  });

  it('reads the form error items, or makes them from the keyed messages of an envelope without them', () => {
    const items = [{ identifier: 'invalid', invalid: true, message: 'Taken.', name: 'general.email' }];
    expect(fieldErrorItemsOf({ status: 'failed', message: 'The form is not valid.', errors: { 'general.email': ['Taken.'] }, field_errors: items })).toEqual([
      { identifier: 'invalid', invalid: true, message: 'Taken.', name: 'general.email' },
    ]);
    expect(fieldErrorItemsOf(failure)).toEqual([
      { identifier: 'invalid', invalid: true, message: 'This field has an invalid format.', name: 'ns_currency_iso' },
    ]);
    expect(fieldErrorItemsOf({ status: 'failed', message: 'Not found.' })).toEqual([]);
  });
});

describe('apiPath', () => {
  it.each([
    ['/api/nexopos/v4/crud/ns.units/3', '/crud/ns.units/3'],
    ['/api/nexopos/v4?x=1', '/?x=1'],
    ['/crud/ns.units', '/crud/ns.units'],
    ['/api/nexopos/v40/x', '/api/nexopos/v40/x'],
  ])('%s → %s', (input, expected) => {
    expect(apiPath(input)).toBe(expected);
  });
});
