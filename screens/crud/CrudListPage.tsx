import { useNavigate } from 'react-router';
import { CrudList, useCrudConfig, type ConfigAnswer } from '../../engine/crud';
import { statusOf } from '../../engine/http';
import { NotAllowedPage } from '../shell';

/**
 * A resource's list page: its title and description from the config, then the generic list. With a
 * given config (the screen builder's preview) nothing is fetched and the list has no rows.
 */
export function CrudListPage({ namespace, config: given }: { namespace: string; config?: ConfigAnswer }) {
  const navigate = useNavigate();
  const config = useCrudConfig(namespace, given === undefined);
  const labels = (given ?? config.data)?.labels;
  if (statusOf(config.error) === 403) return <NotAllowedPage />;
  return (
    <section aria-labelledby="crud-list-title" className="mx-auto flex max-w-7xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 id="crud-list-title" className="text-2xl font-semibold text-slate-800">
          {labels?.list_title ?? ''}
        </h1>
        {labels?.list_description && <p className="text-sm text-slate-600">{labels.list_description}</p>}
      </header>
      <CrudList key={namespace} namespace={namespace} navigate={(path) => void navigate(path)} {...(given ? { config: given } : {})} />
    </section>
  );
}
