import { Link } from 'react-router';

const BUTTON_SHAPE = 'flex h-10 items-center gap-1 rounded-full border px-3 text-sm disabled:opacity-50';
const BUTTON = `${BUTTON_SHAPE} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;
const PRIMARY_BUTTON = `${BUTTON_SHAPE} border-brand-600 bg-brand-600 font-medium text-white hover:bg-brand-700`;
const SEARCH_CLASSES =
  'h-10 w-56 rounded-full border border-slate-300 bg-white px-4 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

interface CrudToolbarProps {
  createUrl?: string;
  createLabel?: string;
  search: string;
  onSearch: (search: string) => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** Null when the list declares no query filters. */
  onFilters: (() => void) | null;
  filtersActive: boolean;
  onDownload: () => void;
}

/** The list's header: create, search, refresh, filters, download (spec 01 §2). */
export function CrudToolbar(props: CrudToolbarProps) {
  // Spec 01 §2: the create button shows only for a given create URL that is not '#'.
  const createUrl = props.createUrl && props.createUrl !== '#' ? props.createUrl : undefined;
  return (
    <div className="flex flex-col justify-between gap-2 border-b border-slate-200 p-3 md:flex-row md:items-center">
      <div className="flex flex-wrap items-center gap-2">
        {createUrl && (
          <Link to={createUrl} className={PRIMARY_BUTTON}>
            <span aria-hidden="true">+</span>
            {props.createLabel}
          </Link>
        )}
        <input
          type="search"
          aria-label="Search"
          placeholder="Search"
          className={SEARCH_CLASSES}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
        <button type="button" aria-label="Refresh" className={BUTTON} onClick={props.onRefresh}>
          <span aria-hidden="true" className={props.refreshing ? 'inline-block animate-spin' : 'inline-block'}>
            ⟳
          </span>
        </button>
        {props.onFilters && (
          <button type="button" className={BUTTON} onClick={props.onFilters} aria-pressed={props.filtersActive}>
            <span aria-hidden="true">{props.filtersActive ? '✓' : '⚲'}</span>
            Filters
          </button>
        )}
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={BUTTON} onClick={props.onDownload}>
          <span aria-hidden="true">⤓</span>
          Download
        </button>
      </div>
    </div>
  );
}
