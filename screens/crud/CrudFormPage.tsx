import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { FormConfigAnswer, SaveAnswer } from '../../schemas/crud/list';
import { crudKeys, crudSource } from '../../engine/crud';
import { CrudForm, useFormConfig } from '../../engine/form';
import { statusOf } from '../../engine/http';
import { NotAllowedPage } from '../shell';

interface CrudFormPageProps {
  namespace: string;
  /** The entry to edit; none on the create page. */
  id?: number;
  /** A form config to show instead of the server's (the screen builder's preview): nothing is fetched. */
  config?: FormConfigAnswer;
}

/** A resource's create or edit page: GET {src}/form-config[/{id}], then the generic form. */
export function CrudFormPage({ namespace, id, config: given }: CrudFormPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const creating = id === undefined;
  const fetched = useFormConfig(given ? null : `${crudSource(namespace)}/form-config${creating ? '' : `/${id}`}`);
  const config = given ? { data: given, error: null, isError: false, dataUpdatedAt: 0 } : fetched;

  // A role that may read the list but not write reaches the form only by typing its address.
  if (statusOf(config.error) === 403) return <NotAllowedPage />;
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
  const { form, labels, links, fieldRules, disabledTabsWhenCreate } = config.data;

  function saved(answer: SaveAnswer) {
    void queryClient.invalidateQueries({ queryKey: crudKeys.all(namespace) });
    if (!creating) return;
    const entryId = answer.data.entry.id;
    // Tabs held back on create open once the entry exists: go on editing it; otherwise back to the list.
    if (disabledTabsWhenCreate.length > 0 && entryId !== undefined && links.edit !== '#') void navigate(links.edit.replace('{id}', String(entryId)));
    else void navigate(answer.data.listUrl || links.list);
  }

  return (
    <section aria-labelledby="crud-form-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 id="crud-form-title" className="text-2xl font-semibold text-slate-800">
        {(creating ? labels.create_title : labels.edit_title) ?? labels.list_title}
      </h1>
      <CrudForm
        key={`${namespace}:${id ?? 'new'}:${config.dataUpdatedAt}`}
        form={form}
        fieldRules={fieldRules}
        disabledTabsWhenCreate={disabledTabsWhenCreate}
        creating={creating}
        submitUrl={creating ? links.post : links.put}
        submitMethod={creating ? 'POST' : 'PUT'}
        returnUrl={links.list}
        onSaved={saved}
      />
    </section>
  );
}
