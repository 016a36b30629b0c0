import { snackbarStore, type SnackbarRequest } from './snackbarStore';

/** Raises a snackbar from anywhere (components, interceptors, machines' callers); returns its id. */
export function showSnackbar(request: SnackbarRequest): number {
  return snackbarStore.show(request);
}
