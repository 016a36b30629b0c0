import { paginationWindow } from './paginationWindow';

const BUTTON = 'flex h-8 min-w-8 items-center justify-center rounded-full border border-slate-300 px-2 text-sm hover:bg-slate-100 disabled:opacity-40';

/** The list's page links (spec 01 §9): first, a window of 2 pages either side, last, with ellipses. */
export function Pagination({ current, last, onPage }: { current: number; last: number; onPage: (page: number) => void }) {
  if (last < 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center gap-1">
      <button type="button" aria-label="First page" className={BUTTON} disabled={current <= 1} onClick={() => onPage(1)}>
        <span aria-hidden="true">«</span>
      </button>
      {paginationWindow(current, last).map((link, index) =>
        link === 'ellipsis' ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            ...
          </span>
        ) : (
          <button
            key={link}
            type="button"
            aria-label={`Page ${link}`}
            aria-current={link === current ? 'page' : undefined}
            className={`${BUTTON} ${link === current ? 'border-transparent bg-brand-600 text-white hover:bg-brand-600' : ''}`}
            onClick={() => onPage(link)}
          >
            {link}
          </button>
        ),
      )}
      <button type="button" aria-label="Last page" className={BUTTON} disabled={current >= last} onClick={() => onPage(last)}>
        <span aria-hidden="true">»</span>
      </button>
    </nav>
  );
}
