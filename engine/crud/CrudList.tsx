import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { broadSearchNote } from '../../schemas/crud/list';
import { currencySettingsFrom } from '../../schemas/format/currency';
import { useOptions } from '../session';
import { lazyNamed } from '../lazy';
import { openPopup } from '../popups';
import { CrudFooter } from './CrudFooter';
import { CrudTable } from './CrudTable';
import { CrudToolbar } from './CrudToolbar';
import type { FiltersPopupProps } from './FiltersPopup';
import { exportList, runBulkAction, runRowAction } from './listActions';
import { activeFilters, DEFAULT_PER_PAGE, listParams, type PerPage } from './listParams';
import { cursorFor, withCursor, type KeptCursor } from './pageCursor';
import { isPageSelected, togglePage, toggleRow, type Selection } from './selection';
import { nextSort, type ListSort } from './sortCycle';
import type { BulkAction, ConfigAnswer, ListRow, ListRowAction } from './types';
import { crudKeys, useCrudConfig, useCrudList } from './useCrudQueries';
import { useDebouncedValue } from './useDebouncedValue';

// The filter form is rendered by the form engine (rjsf): a list loads it when its filters are opened.
const FiltersPopup = lazyNamed(() => import('./FiltersPopup'), 'FiltersPopup');

export interface CrudListProps {
  namespace: string;
  /** Client navigation (GOTO actions); the page passes the router's. */
  navigate: (path: string) => void;
  /** Where the browser goes for a download; defaults to a full navigation. */
  download?: (url: string) => void;
  /** A config to show instead of the server's, with no rows asked for (the screen builder's preview). */
  config?: ConfigAnswer;
}

const NO_ROWS: ListRow[] = [];

/** The generic CRUD list of spec 01 §2: one resource's rows, from its config, sorted, filtered and paged on the server. */
export function CrudList({ namespace, navigate, download = (url) => window.location.assign(url), config: given }: CrudListProps) {
  const queryClient = useQueryClient();
  const fetched = useCrudConfig(namespace, given === undefined);
  const config = given ? { data: given, isSuccess: true, isError: false } : fetched;
  const options = useOptions();
  const currency = useMemo(() => (options.data ? currencySettingsFrom(options.data) : undefined), [options.data]);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<PerPage>(DEFAULT_PER_PAGE);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput);
  const [sort, setSort] = useState<ListSort | null>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [selection, setSelection] = useState<Selection>(new Set());
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [total, setTotal] = useState(0);
  const [cursor, setCursor] = useState<KeptCursor | null>(null);

  const params = useMemo(
    () => withCursor(listParams({ page, perPage, search, sort, filters }, total), cursor),
    [page, perPage, search, sort, filters, total, cursor],
  );
  const list = useCrudList(namespace, params, config.isSuccess && given === undefined);
  const answer = list.data;
  if (answer && answer.total !== total && perPage === 'all') setTotal(answer.total);
  const rows = answer?.data ?? NO_ROWS;
  const pageIds = useMemo(() => rows.map((row) => row.$id), [rows]);

  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: crudKeys.all(namespace) }), [queryClient, namespace]);
  const isSelected = useCallback((id: number) => selection.has(id), [selection]);
  const onToggleRow = useCallback((id: number, on: boolean) => setSelection((current) => toggleRow(current, id, on)), []);
  const onTogglePage = useCallback((on: boolean) => setSelection((current) => togglePage(current, pageIds, on)), [pageIds]);
  const onAction = useCallback(
    (action: ListRowAction, row: ListRow) => {
      setOpenMenu(null);
      void runRowAction(action, row, { navigate, refresh }).catch(() => undefined);
    },
    [navigate, refresh],
  );

  if (!config.data) {
    return (
      <div role="status" className="p-6 text-center text-slate-500">
        {config.isError ? null : (
          <span className="inline-block animate-spin" aria-hidden="true">
            ⟳
          </span>
        )}
      </div>
    );
  }
  const { links, labels, queryFilters, bulkActions } = config.data;
  const broadNote = answer ? broadSearchNote(answer, config.data.columns) : null;

  async function openFilters() {
    try {
      const chosen = await openPopup<Record<string, unknown>, FiltersPopupProps>(FiltersPopup, { filters: queryFilters, values: filters });
      setFilters(activeFilters(chosen));
      setPage(1);
    } catch {
      // Closed without choosing: the filters stay as they were.
    }
  }

  async function bulk(action: BulkAction | undefined) {
    try {
      if (await runBulkAction(namespace, action, [...selection])) {
        setSelection(new Set());
        refresh();
      }
    } catch {
      // The http client has shown the server's message.
    }
  }

  return (
    <div className="rounded-lg bg-white shadow-sm">
      <CrudToolbar
        createUrl={links.create}
        createLabel={labels.create_title}
        search={searchInput}
        onSearch={(value) => {
          setSearchInput(value);
          setPage(1);
        }}
        onRefresh={refresh}
        refreshing={list.isFetching}
        onFilters={queryFilters.length > 0 ? () => void openFilters() : null}
        filtersActive={Object.keys(filters).length > 0}
        onDownload={() => void exportList(namespace, params, [...selection], download)}
      />
      {broadNote !== null && (
        <p role="note" className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {broadNote}
        </p>
      )}
      <CrudTable
        config={config.data}
        rows={rows}
        sort={sort}
        onSort={(column) => setSort((current) => nextSort(current, column))}
        busy={list.isFetching}
        isSelected={isSelected}
        pageSelected={isPageSelected(selection, pageIds)}
        onToggleRow={onToggleRow}
        onTogglePage={onTogglePage}
        openMenu={openMenu}
        onMenuOpen={setOpenMenu}
        onAction={onAction}
        currency={currency}
      />
      <CrudFooter
        bulkActions={bulkActions}
        onBulkAction={(action) => void bulk(action)}
        perPage={perPage}
        onPerPage={(value) => {
          if (value === 'all') setTotal(answer?.total ?? 0);
          setPerPage(value);
          setPage(1);
        }}
        answer={answer}
        onPage={(next) => {
          setCursor(cursorFor(answer, params, next));
          setPage(next);
        }}
      />
    </div>
  );
}
