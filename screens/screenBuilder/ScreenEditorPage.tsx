import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { crudKeys } from '../../engine/crud';
import { statusOf } from '../../engine/http';
import { NotAllowedPage, menuQueryKey } from '../shell';
import { fetchFieldTypes, fetchScreen, screensKeys } from './builderApi';
import { ScreenEditor } from './ScreenEditor';

function Spinner() {
  return (
    <div role="status" className="p-6 text-center text-slate-500">
      <span className="inline-block animate-spin" aria-hidden="true">
        ⟳
      </span>
    </div>
  );
}

/** /dashboard/screens/create and /dashboard/screens/edit/{namespace}. */
export function ScreenEditorPage() {
  const { namespace } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fieldTypes = useQuery({ queryKey: screensKeys.fieldTypes, queryFn: fetchFieldTypes, staleTime: 5 * 60_000 });
  const saved = useQuery({
    queryKey: screensKeys.screen(namespace ?? ''),
    queryFn: () => fetchScreen(namespace ?? ''),
    enabled: namespace !== undefined,
    staleTime: 0,
    gcTime: 0,
  });

  if (statusOf(fieldTypes.error) === 403 || statusOf(saved.error) === 403) return <NotAllowedPage />;
  if (!fieldTypes.data || (namespace !== undefined && !saved.data)) return fieldTypes.isError || saved.isError ? null : <Spinner />;

  function afterSave(saved: string) {
    // The menu, the screen's own list and form, and the builder's list all changed.
    void queryClient.invalidateQueries({ queryKey: menuQueryKey });
    void queryClient.invalidateQueries({ queryKey: crudKeys.all(saved) });
    void queryClient.invalidateQueries({ queryKey: ['crud-form'] });
    void queryClient.invalidateQueries({ queryKey: screensKeys.lists });
    void queryClient.invalidateQueries({ queryKey: screensKeys.versions(saved) });
    void queryClient.invalidateQueries({ queryKey: screensKeys.screen(saved) });
    if (namespace === undefined) void navigate(`/dashboard/screens/edit/${saved}`, { replace: true });
  }

  return (
    <ScreenEditor
      // A new version remounts the editor from the saved declaration.
      key={`${namespace ?? 'new'}:${saved.data?.version ?? 0}:${saved.dataUpdatedAt}`}
      {...(saved.data ? { saved: saved.data } : {})}
      fieldTypes={fieldTypes.data}
      onSaved={afterSave}
      onReload={() => void saved.refetch()}
    />
  );
}
