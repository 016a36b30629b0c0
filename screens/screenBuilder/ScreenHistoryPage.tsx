import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { statusOf } from '../../engine/http';
import { askConfirm } from '../../engine/popups';
import { showSnackbar } from '../../engine/notices';
import { formatDateTime } from '../../schemas/format';
import { NotAllowedPage, menuQueryKey } from '../shell';
import { fetchDiff, fetchVersions, revertScreen, screensKeys, type DiffChange } from './builderApi';
import { BUTTON, SECTION, SECTION_TITLE } from './styles';
import { TableHead } from './TableHead';

const KIND_STYLES: Record<DiffChange['kind'], string> = {
  added: 'bg-emerald-50 text-emerald-800',
  removed: 'bg-red-50 text-red-800',
  changed: 'bg-amber-50 text-amber-800',
};

const shown = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

function DiffView({ namespace, from, to }: { namespace: string; from: number; to: number }) {
  const diff = useQuery({ queryKey: screensKeys.diff(namespace, from, to), queryFn: () => fetchDiff(namespace, from, to) });
  const changes = diff.data ?? [];
  return (
    <section aria-labelledby="diff-title" className={SECTION}>
      <h2 id="diff-title" className={SECTION_TITLE}>
        Changes from version {from} to version {to}
      </h2>
      {diff.isSuccess && changes.length === 0 && <p className="text-sm text-slate-500">The two versions are the same.</p>}
      <ul className="flex flex-col gap-1 font-mono text-xs">
        {changes.map((change) => (
          <li key={`${change.kind}:${change.path}`} className={`rounded px-2 py-1 ${KIND_STYLES[change.kind]}`}>
            <span className="font-semibold">{change.kind}</span> {change.path}
            {change.kind !== 'added' && <div>before: {shown(change.before)}</div>}
            {change.kind !== 'removed' && <div>after: {shown(change.after)}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /dashboard/screens/history/{namespace}: every saved version, a diff between two, and revert. */
export function ScreenHistoryPage() {
  const { namespace = '' } = useParams();
  const queryClient = useQueryClient();
  const versions = useQuery({ queryKey: screensKeys.versions(namespace), queryFn: () => fetchVersions(namespace), staleTime: 0 });
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  if (statusOf(versions.error) === 403) return <NotAllowedPage />;
  const rows = [...(versions.data ?? [])].sort((a, b) => b.version - a.version);
  const latest = rows[0]?.version;
  const fromVersion = from ?? rows[1]?.version ?? null;
  const toVersion = to ?? latest ?? null;

  async function revert(version: number) {
    if (!(await askConfirm(`Make version ${version} the current one? A new version is saved; nothing is lost.`, `Revert to version ${version}`))) return;
    try {
      const saved = await revertScreen(namespace, version);
      showSnackbar({ message: `Reverted: version ${saved} is version ${version} again.`, variant: 'success' });
      setFrom(null);
      setTo(null);
      void queryClient.invalidateQueries({ queryKey: screensKeys.lists });
      void queryClient.invalidateQueries({ queryKey: screensKeys.versions(namespace) });
      void queryClient.invalidateQueries({ queryKey: menuQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['crud', namespace] });
    } catch {
      // The http client has shown the server's message.
    }
  }

  return (
    <section aria-labelledby="history-title" className="mx-auto flex max-w-6xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="history-title" className="text-2xl font-semibold text-slate-800">
          History of {namespace}
        </h1>
        <div className="flex gap-2">
          <Link to="/dashboard/screens" className={BUTTON}>
            Back to screens
          </Link>
          <Link to={`/dashboard/screens/edit/${namespace}`} className={BUTTON}>
            Edit
          </Link>
        </div>
      </header>
      <div className={SECTION}>
        <table className="w-full text-left text-sm">
          <TableHead labels={['Version', 'Saved', 'By', 'Summary', 'From', 'To']} className="text-xs uppercase tracking-wide text-slate-600" cell="px-2 py-1" />
          <tbody>
            {rows.map((row) => (
              <tr key={row.version} className="border-t border-slate-100">
                <td className="px-2 py-1">{row.version}</td>
                <td className="px-2 py-1 whitespace-nowrap">{formatDateTime(row.created_at)}</td>
                <td className="px-2 py-1">{row.author ?? ''}</td>
                <td className="px-2 py-1">{row.summary}</td>
                <td className="px-2 py-1">
                  <input
                    type="radio"
                    name="diff-from"
                    aria-label={`Compare from version ${row.version}`}
                    checked={fromVersion === row.version}
                    onChange={() => setFrom(row.version)}
                  />
                </td>
                <td className="px-2 py-1">
                  <input
                    type="radio"
                    name="diff-to"
                    aria-label={`Compare to version ${row.version}`}
                    checked={toVersion === row.version}
                    onChange={() => setTo(row.version)}
                  />
                </td>
                <td className="px-2 py-1 text-right">
                  {row.version !== latest && (
                    <button type="button" className={BUTTON} onClick={() => void revert(row.version)}>
                      Revert
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fromVersion !== null && toVersion !== null && fromVersion !== toVersion && <DiffView namespace={namespace} from={fromVersion} to={toVersion} />}
    </section>
  );
}
