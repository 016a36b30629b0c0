/** The generic CRUD pages: a declared resource's list and form, by route. */
export { CrudPage } from './CrudPage';
// The list page and the (lazily loaded) form page also render a given config: the screen builder's preview.
export { CrudListPage } from './CrudListPage';
export { LazyCrudFormPage } from './lazyFormPage';
