import { useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../engine/crud';
import { statusOf } from '../../engine/http';
import { showSnackbar } from '../../engine/notices';
import { formatDateTime } from '../../schemas/format';
import { NotAllowedPage, menuQueryKey } from '../shell';
import { exportUrl, fetchScreens, importScreen, screensKeys } from './builderApi';
import { BUTTON, INPUT, PRIMARY_BUTTON } from './styles';
import { TableHead } from './TableHead';

export const SCREENS_PER_PAGE = 20;
export const IMPORT_NOT_JSON = 'This file is not a screen declaration (JSON).';

/** /dashboard/screens: the screens made in the builder, paged and searchable, with Create and Import. */
export function ScreensListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput);
  const list = useQuery({
    queryKey: screensKeys.list(page, search),
    queryFn: () => fetchScreens(page, search, SCREENS_PER_PAGE),
    placeholderData: keepPreviousData,
  });
  if (statusOf(list.error) === 403) return <NotAllowedPage />;
  const rows = list.data?.data ?? [];
  const lastPage = list.data?.last_page ?? 1;

  async function importFile(file: File) {
    let declaration: unknown;
    try {
      declaration = JSON.parse(await file.text());
    } catch {
      showSnackbar({ message: IMPORT_NOT_JSON, variant: 'error' });
      return;
    }
    try {
      const created = await importScreen(declaration);
      showSnackbar({ message: 'Screen imported.', variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: menuQueryKey });
      void queryClient.invalidateQueries({ queryKey: screensKeys.lists });
      void navigate(`/dashboard/screens/edit/${created.namespace}`);
    } catch {
      // The http client has shown the server's message.
    }
  }

  return (
    <section aria-labelledby="screens-title" className="mx-auto flex max-w-7xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 id="screens-title" className="text-2xl font-semibold text-slate-800">
          Screen Builder
        </h1>
        <p className="text-sm text-slate-600">Back-office screens declared here: their table, list, form, menu entry and who may use them.</p>
      </header>
      <div className="rounded-lg bg-white shadow-sm">
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
          <Link to="/dashboard/screens/create" className={PRIMARY_BUTTON}>
            Create
          </Link>
          <button type="button" className={BUTTON} onClick={() => fileInput.current?.click()}>
            Import
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            aria-label="Import a screen file"
            className="hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <input
            type="search"
            aria-label="Search"
            placeholder="Search"
            className={`${INPUT} w-56`}
            value={searchInput}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <table className="w-full border-collapse text-left text-sm">
          <TableHead
            labels={['Title', 'Namespace', 'Fields', 'Version', 'Updated', 'By']}
            className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600"
            cell="px-3 py-2"
          />
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={7} className="px-3 py-6 text-center text-slate-500">
                  {list.isFetching ? '' : 'No screens yet.'}
                </td>
              </tr>
            )}
            {rows.map((screen) => (
              <tr key={screen.namespace} className="border-t border-slate-200">
                <td className="px-3 py-2 font-medium text-slate-800">{screen.title}</td>
                <td className="px-3 py-2 text-slate-600">{screen.namespace}</td>
                <td className="px-3 py-2">{Array.isArray(screen.fields) ? screen.fields.length : screen.fields}</td>
                <td className="px-3 py-2">{screen.version}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(screen.updated_at)}</td>
                <td className="px-3 py-2">{screen.updated_by ?? ''}</td>
                <td className="px-3 py-2">
                  <span className="flex justify-end gap-2">
                    <Link to={`/dashboard/screens/edit/${screen.namespace}`} className={BUTTON} aria-label={`Edit ${screen.title}`}>
                      Edit
                    </Link>
                    <a href={exportUrl(screen.namespace)} download={`${screen.slug}.json`} className={BUTTON} aria-label={`Export ${screen.title}`}>
                      Export
                    </a>
                    <Link to={`/dashboard/screens/history/${screen.namespace}`} className={BUTTON} aria-label={`History of ${screen.title}`}>
                      History
                    </Link>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {lastPage > 1 && (
          <nav aria-label="Pagination" className="flex items-center justify-end gap-2 border-t border-slate-200 p-3 text-sm">
            <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {lastPage}
            </span>
            <button type="button" className={BUTTON} disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
