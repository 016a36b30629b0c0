import { lazyNamed } from '../../engine/lazy';

/** The form page, loaded on first use: forms are rendered by rjsf (with its validator), which a list page does not need. */
export const LazyCrudFormPage = lazyNamed(() => import('./CrudFormPage'), 'CrudFormPage');
