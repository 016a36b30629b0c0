import type { FieldTypeOffer } from './builderApi';
import { FieldCard } from './FieldCard';
import { nameFromLabel, newField, type EditorState, type EditorTab } from './editorState';
import { TextInput } from './inputs';
import { fieldErrorsByInput, type EditorErrors } from './serverErrors';
import { BUTTON, DANGER_BUTTON, SECTION, SECTION_TITLE } from './styles';

interface SectionProps {
  state: EditorState;
  onChange: (state: EditorState) => void;
}

function moved<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const next = [...items];
  const target = index + offset;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** The form's tabs: labels, order; a tab holding fields cannot be removed. */
export function TabsSection({ state, onChange }: SectionProps) {
  const setTabs = (tabs: EditorTab[]) => onChange({ ...state, tabs });
  function addTab() {
    let number = state.tabs.length + 1;
    while (state.tabs.some((tab) => tab.id === `tab_${number}`)) number += 1;
    setTabs([...state.tabs, { id: `tab_${number}`, label: `Tab ${number}` }]);
  }
  return (
    <section aria-labelledby="builder-tabs" className={SECTION}>
      <h2 id="builder-tabs" className={SECTION_TITLE}>
        Tabs
      </h2>
      {state.tabs.map((tab, index) => {
        const used = state.fields.some((field) => field.tab === tab.id);
        return (
          <div key={tab.id} className="grid grid-cols-[1fr_auto] items-end gap-2">
            <TextInput
              label={`Tab ${index + 1} label`}
              value={tab.label}
              onChange={(label) => setTabs(state.tabs.map((candidate) => (candidate.id === tab.id ? { ...candidate, label } : candidate)))}
            />
            <div className="flex gap-1">
              <button
                type="button"
                className={BUTTON}
                aria-label={`Move tab ${index + 1} up`}
                disabled={index === 0}
                onClick={() => setTabs(moved(state.tabs, index, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className={BUTTON}
                aria-label={`Move tab ${index + 1} down`}
                disabled={index === state.tabs.length - 1}
                onClick={() => setTabs(moved(state.tabs, index, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className={DANGER_BUTTON}
                disabled={used || state.tabs.length === 1}
                title={used ? 'Move its fields to another tab first.' : undefined}
                onClick={() => setTabs(state.tabs.filter((candidate) => candidate.id !== tab.id))}
              >
                Remove tab
              </button>
            </div>
          </div>
        );
      })}
      <button type="button" className={`${BUTTON} self-start`} onClick={addTab}>
        Add tab
      </button>
    </section>
  );
}

interface FieldsSectionProps extends SectionProps {
  fieldTypes: readonly FieldTypeOffer[];
  errors: EditorErrors;
  paths: Record<string, string>;
}

/** The screen's fields, in form order. */
export function FieldsSection({ state, onChange, fieldTypes, errors, paths }: FieldsSectionProps) {
  const firstTab = state.tabs[0]?.id ?? 'general';
  return (
    <section aria-labelledby="builder-fields" className={SECTION}>
      <h2 id="builder-fields" className={SECTION_TITLE}>
        Fields
      </h2>
      {state.fields.length === 0 && <p className="text-sm text-slate-500">No fields yet.</p>}
      {state.fields.map((field, index) => (
        <FieldCard
          key={field.key}
          index={index}
          count={state.fields.length}
          field={field}
          tabs={state.tabs}
          fieldTypes={fieldTypes}
          errors={fieldErrorsByInput(errors, paths[field.key], field.name)}
          onChange={(changed) => onChange({ ...state, fields: state.fields.map((candidate) => (candidate.key === field.key ? changed : candidate)) })}
          onMove={(offset) => onChange({ ...state, fields: moved(state.fields, index, offset) })}
          onRemove={() =>
            onChange({
              ...state,
              fields: state.fields.filter((candidate) => candidate.key !== field.key),
              sortColumn: state.sortColumn === field.key ? '' : state.sortColumn,
            })
          }
        />
      ))}
      <button
        type="button"
        className={`${BUTTON} self-start`}
        onClick={() => {
          const field = newField(firstTab);
          onChange({ ...state, fields: [...state.fields, { ...field, name: nameFromLabel(field.label) }] });
        }}
      >
        Add field
      </button>
    </section>
  );
}
