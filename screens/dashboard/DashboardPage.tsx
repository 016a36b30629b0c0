import { Link } from 'react-router';
import { labelOf } from '../../schemas/labels';
import { useAuthUser, useOptions } from '../../engine/session';
import { useMenu } from '../shell';
import { DashboardFigures } from './DashboardFigures';

/** The landing page: the store's name, who is signed in, the figures of the role, and a card for every screen it may open. */
export function DashboardPage() {
  const { data: user } = useAuthUser();
  const options = useOptions();
  const { menu } = useMenu(user?.role);
  if (!user) return null;

  const entries = menu.flatMap((group) => group.items.filter((item) => item.path !== '/dashboard').map((item) => ({ ...item, group: group.label })));

  return (
    <section aria-labelledby="dashboard-title" className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 id="dashboard-title" className="text-2xl font-semibold text-slate-800">
          {options.data ? options.data.ns_store_name : options.isError ? 'Dashboard' : 'Loading…'}
        </h1>
        <p className="text-sm text-slate-600">
          Signed in as <strong>{user.username}</strong> · <span data-testid="dashboard-role">{labelOf('role', user.role)}</span>
        </p>
      </header>
      <DashboardFigures />
      {entries.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to={entry.path}
                className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
              >
                <span className="text-xs uppercase tracking-wide text-slate-500">{entry.group}</span>
                <span className="text-lg font-medium text-slate-800">{entry.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {entries.length === 0 && <p className="text-slate-600">More screens will appear here as they become available to you.</p>}
    </section>
  );
}
