import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import { showSnackbar } from '../notices';
import { messageOf } from './envelope';
import { stripTrailingSlashes } from './stripTrailingSlashes';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error snackbar: the caller shows the failure itself (inline message, redirect). */
    silent?: boolean;
    /** How long the error snackbar stays, in ms (form submits use 5000, spec 01 §8). */
    errorNoticeDuration?: number;
  }
}

export const API_BASE_URL = '/api/nexopos/v4';

export interface HttpClientOptions {
  /** Replaces the network transport (tests). */
  adapter?: AxiosAdapter;
  /** Called with the message of every non-silent failure; defaults to the error snackbar. */
  notifyError?: (message: string, duration?: number) => void;
}

function defaultNotifyError(message: string, duration?: number): void {
  showSnackbar({ message, variant: 'error', ...(duration === undefined ? {} : { duration }) });
}

/** Builds an axios instance with the house rules: base path, credentials, header, slashes, error snackbar. */
export function createHttpClient(options: HttpClientOptions = {}): AxiosInstance {
  const notifyError = options.notifyError ?? defaultNotifyError;
  const instance = axios.create({
    baseURL: API_BASE_URL,
    withCredentials: true,
    headers: { 'x-requested-with': 'XMLHttpRequest', Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    if (config.url) config.url = stripTrailingSlashes(config.url);
    config.headers.set('x-requested-with', 'XMLHttpRequest');
    return config;
  });

  instance.interceptors.response.use(undefined, (error: unknown) => {
    const config = axios.isAxiosError(error) ? error.config : undefined;
    if (!axios.isCancel(error) && !config?.silent) notifyError(messageOf(error), config?.errorNoticeDuration);
    return Promise.reject(error);
  });

  return instance;
}

/** THE http client of the application: every call to the server goes through it. */
export const http = createHttpClient();
