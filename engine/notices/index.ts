export { SnackbarHost } from './SnackbarHost';
export { showSnackbar } from './showSnackbar';
export {
  createSnackbarStore,
  snackbarStore,
  DEFAULT_SNACKBAR_DURATION,
  type Snackbar,
  type SnackbarRequest,
  type SnackbarStore,
  type SnackbarVariant,
} from './snackbarStore';
