import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPTION_KEYS, type OptionKey, type OptionsAnswer, type SystemOptions } from '../../schemas/options';
import { FieldRenderer } from '../../engine/fields';
import { http, fieldErrorsOf } from '../../engine/http';
import { showSnackbar } from '../../engine/notices';
import { sessionQueryKeys, useCan, useOptions } from '../../engine/session';
import { changedOptions } from './changedOptions';
import { optionFieldOf } from './optionField';
import { SETTINGS_GROUPS } from './settingsGroups';
import { NotAllowedPage, menuQueryKey } from '../shell';

const SAVED_MESSAGE = 'Successfully Saved';

interface SaveAnswer {
  status: 'success';
  message: string;
  data: { options: SystemOptions };
}

function systemOptionsOf(answer: OptionsAnswer): SystemOptions {
  return Object.fromEntries(OPTION_KEYS.map((key) => [key, answer[key]])) as SystemOptions;
}

/** Administrators edit the system options, grouped; only changed options are posted. */
export function SettingsPage() {
  const allowed = useCan('options.update');
  const options = useOptions();
  if (!allowed) {
    return <NotAllowedPage />;
  }
  if (!options.data)
    return (
      <p role="status" className="text-slate-500">
        {options.isError ? 'Unable to load the settings.' : 'Loading…'}
      </p>
    );
  return <SettingsForm saved={systemOptionsOf(options.data)} />;
}

function SettingsForm({ saved }: { saved: SystemOptions }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SystemOptions>(saved);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const changes = changedOptions(saved, draft);
  const hasChanges = Object.keys(changes).length > 0;

  const save = useMutation({
    mutationFn: async (body: Partial<SystemOptions>) => (await http.post<SaveAnswer>('/options', body, { errorNoticeDuration: 5000 })).data,
    onSuccess: (answer) => {
      setErrors({});
      queryClient.setQueryData<OptionsAnswer>(sessionQueryKeys.options, (current) => (current ? { ...current, ...answer.data.options } : current));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.options });
      // Some menu entries follow an option (schemas/menu OPTION_MENU_ITEMS).
      void queryClient.invalidateQueries({ queryKey: menuQueryKey });
      setDraft((current) => ({ ...current, ...answer.data.options }));
      showSnackbar({ message: answer.message || SAVED_MESSAGE, variant: 'success' });
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  function update(key: OptionKey, value: unknown) {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: [] }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hasChanges) save.mutate(changes);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="sticky -top-4 z-10 -mt-4 flex items-center justify-between gap-4 bg-surface pt-4 pb-2 sm:-top-6 sm:-mt-6 sm:pt-6">
        <h1 id="settings-title" className="text-2xl font-semibold text-slate-800">
          Settings
        </h1>
        <button
          type="submit"
          disabled={!hasChanges || save.isPending}
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Save
        </button>
      </header>
      {SETTINGS_GROUPS.map((group) => (
        <fieldset key={group.id} className="rounded-lg bg-white p-6 shadow-sm">
          <legend className="float-left mb-4 w-full text-lg font-medium text-slate-800">{group.title}</legend>
          <div className="clear-both grid gap-4 md:grid-cols-2">
            {group.options.map(({ key, label, description }) => {
              const field = optionFieldOf(key);
              return (
                <FieldRenderer
                  key={key}
                  type={field.type}
                  name={key}
                  label={label}
                  {...(description ? { description } : {})}
                  {...(field.options ? { options: field.options } : {})}
                  value={draft[key]}
                  onChange={(value) => update(key, value)}
                  errors={errors[key]}
                  disabled={save.isPending}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
    </form>
  );
}
