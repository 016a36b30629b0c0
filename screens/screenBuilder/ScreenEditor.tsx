import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { showSnackbar } from '../../engine/notices';
import { AccessSection } from './AccessSection';
import type { FieldTypeOffer, SavedScreen } from './builderApi';
import { declarationOf } from './declarationOf';
import { emptyState, renamesOf } from './editorState';
import { FieldsSection, TabsSection } from './FieldsSection';
import { Errors } from './inputs';
import { PreviewPane } from './PreviewPane';
import { RemovedFieldsPanel } from './RemovedFieldsPanel';
import { saveScreen } from './saveScreen';
import { editorErrorsOf, PLACED_PATHS, unplacedErrors, type EditorErrors } from './serverErrors';
import { GeneralSection, ListSection, MenuSection } from './SettingsSections';
import { stateOf } from './stateOf';
import { BUTTON, PRIMARY_BUTTON } from './styles';

interface ScreenEditorProps {
  /** The saved screen; none when creating. */
  saved?: SavedScreen;
  fieldTypes: readonly FieldTypeOffer[];
  /** After a save (or a restore, purge): the page reloads the screen or goes to its edit address. */
  onSaved: (namespace: string, version: number) => void;
  /** Another administrator saved first and this one chose to load their version. */
  onReload: () => void;
}

/** The editor of one screen beside its live preview. */
export function ScreenEditor({ saved, fieldTypes, onSaved, onReload }: ScreenEditorProps) {
  const creating = saved === undefined;
  const [state, setState] = useState(() => (saved ? stateOf(saved.declaration) : emptyState()));
  const [errors, setErrors] = useState<EditorErrors>({});
  const [saving, setSaving] = useState(false);
  const built = useMemo(() => declarationOf(state), [state]);
  // Messages whose path no input shows (a problem with the whole declaration) are listed above the form.
  const unplaced = useMemo(
    () => unplacedErrors(errors, [...PLACED_PATHS, ...Object.values(built.paths), ...state.fields.map((field) => field.name)]),
    [errors, built.paths, state.fields],
  );

  async function save() {
    setSaving(true);
    setErrors({});
    const outcome = await saveScreen(
      { declaration: built.declaration, renames: renamesOf(state), ...(saved ? { base_version: saved.version } : {}) },
      saved?.declaration.namespace,
    );
    setSaving(false);
    if (outcome.kind === 'saved') {
      showSnackbar({ message: `Screen saved (version ${outcome.version}).`, variant: 'success' });
      onSaved(outcome.namespace, outcome.version);
    } else if (outcome.kind === 'conflict') {
      if (outcome.reload) onReload();
    } else if (outcome.kind === 'invalid') {
      setErrors(Object.keys(outcome.errors).length > 0 ? outcome.errors : editorErrorsOf({ '': [outcome.message] }));
      showSnackbar({ message: outcome.message, variant: 'error' });
    } else if (outcome.kind === 'failed') {
      showSnackbar({ message: outcome.message, variant: 'error' });
    }
  }

  return (
    <section aria-labelledby="builder-title" className="mx-auto flex max-w-[100rem] flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="builder-title" className="text-2xl font-semibold text-slate-800">
          {creating ? 'New Screen' : `Edit Screen: ${saved.declaration.labels.list_title}`}
        </h1>
        <div className="flex items-center gap-2">
          <Link to="/dashboard/screens" className={BUTTON}>
            Back to screens
          </Link>
          {saved && (
            <Link to={`/dashboard/screens/history/${saved.declaration.namespace}`} className={BUTTON}>
              History
            </Link>
          )}
          <button type="button" className={PRIMARY_BUTTON} disabled={saving} onClick={() => void save()}>
            Save screen
          </button>
        </div>
      </header>
      {Object.keys(errors).length > 0 && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-700">
          <p>The server refused the screen: see the marked inputs.</p>
          <Errors messages={unplaced} />
        </div>
      )}
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <div className="flex flex-col gap-4">
          <GeneralSection state={state} onChange={setState} errors={errors} creating={creating} />
          <TabsSection state={state} onChange={setState} />
          <FieldsSection state={state} onChange={setState} fieldTypes={fieldTypes} errors={errors} paths={built.paths} />
          <ListSection state={state} onChange={setState} errors={errors} />
          <MenuSection state={state} onChange={setState} errors={errors} />
          <AccessSection state={state} onChange={setState} />
          {saved && saved.removedFields.length > 0 && (
            <RemovedFieldsPanel
              namespace={saved.declaration.namespace}
              removed={saved.removedFields}
              onChanged={(version) => onSaved(saved.declaration.namespace, version)}
            />
          )}
        </div>
        <div className="xl:sticky xl:top-4">
          <PreviewPane declaration={built.declaration} />
        </div>
      </div>
    </section>
  );
}
