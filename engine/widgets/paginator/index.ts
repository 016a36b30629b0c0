export { Paginator, type PaginatorProps } from './Paginator';
export { pageUrl, paginatorWindow, PAGINATOR_SPREAD, type Pagination } from './paginatorWindow';
