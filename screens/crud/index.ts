/** The generic CRUD pages: a declared resource's list and form, by route. */
export { CrudPage } from './CrudPage';
