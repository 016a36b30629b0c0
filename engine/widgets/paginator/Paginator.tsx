import { pageUrl, paginatorWindow, type Pagination } from './paginatorWindow';

export interface PaginatorProps {
  pagination: Pagination;
  /** Called with the URL of the page to load: the pagination path with `page` set (spec 01 §7). */
  onLoad: (url: string) => void;
}

const BUTTON_CLASSES = 'min-w-9 rounded-md border px-2 py-1 text-sm';

/** Page buttons around the current page (about 3 either side), with first and last. */
export function Paginator({ pagination, onLoad }: PaginatorProps) {
  const { current_page: current, last_page: last, path } = pagination;
  const pages = paginatorWindow(current, last);
  if (pages.length <= 1) return null;
  const go = (page: number) => onLoad(pageUrl(path, page));
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        aria-label="First page"
        disabled={current <= 1}
        className={`${BUTTON_CLASSES} border-slate-300 bg-white disabled:opacity-40`}
        onClick={() => go(1)}
      >
        «
      </button>
      {pages.map((page) => (
        <button
          key={page}
          type="button"
          aria-current={page === current ? 'page' : undefined}
          className={`${BUTTON_CLASSES} ${page === current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          onClick={() => go(page)}
        >
          {page}
        </button>
      ))}
      <button
        type="button"
        aria-label="Last page"
        disabled={current >= last}
        className={`${BUTTON_CLASSES} border-slate-300 bg-white disabled:opacity-40`}
        onClick={() => go(last)}
      >
        »
      </button>
    </nav>
  );
}
