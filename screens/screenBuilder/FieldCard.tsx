import type { FieldTypeOffer } from './builderApi';
import { MINMAX_TYPES, OPTION_TYPES, withLabel, type EditorField, type EditorTab, type OptionRow } from './editorState';
import { Check, Errors, SelectInput, TextInput } from './inputs';
import { BUTTON, DANGER_BUTTON } from './styles';

interface FieldCardProps {
  index: number;
  count: number;
  field: EditorField;
  tabs: readonly EditorTab[];
  fieldTypes: readonly FieldTypeOffer[];
  /** The server's messages for this field, by property ('name', 'type', …; '' for the field as a whole). */
  errors: Readonly<Record<string, readonly string[]>>;
  onChange: (field: EditorField) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

function OptionsEditor({ options, onChange }: { options: OptionRow[]; onChange: (options: OptionRow[]) => void }) {
  const set = (index: number, patch: Partial<OptionRow>) => onChange(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-2">
      <legend className="px-1 text-sm font-medium text-slate-700">Options</legend>
      {options.map((option, index) => (
        <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <TextInput label={`Option ${index + 1} label`} value={option.label} onChange={(label) => set(index, { label })} />
          <TextInput label={`Option ${index + 1} value`} value={option.value} onChange={(value) => set(index, { value })} />
          <button type="button" className={DANGER_BUTTON} onClick={() => onChange(options.filter((_, at) => at !== index))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className={`${BUTTON} self-start`} onClick={() => onChange([...options, { label: '', value: '' }])}>
        Add option
      </button>
    </fieldset>
  );
}

/** One field of the screen: what the form shows, where, and how the list uses it. */
export function FieldCard({ index, count, field, tabs, fieldTypes, errors, onChange, onMove, onRemove }: FieldCardProps) {
  const set = (patch: Partial<EditorField>) => onChange({ ...field, ...patch });
  const offer = fieldTypes.find((candidate) => candidate.type === field.type);
  const hasOptions = offer?.options ?? OPTION_TYPES.includes(field.type);
  const hasMinMax = offer?.minmax ?? MINMAX_TYPES.includes(field.type);
  const typeOptions = fieldTypes.length > 0 ? fieldTypes.map((type) => ({ value: type.type, label: type.label })) : [{ value: field.type, label: field.type }];
  if (!typeOptions.some((option) => option.value === field.type)) typeOptions.push({ value: field.type, label: field.type });
  const renamed = field.savedName !== undefined && field.savedName !== field.name;

  return (
    <section aria-label={`Field ${index + 1}`} className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">
          {field.label || `Field ${index + 1}`}
          {renamed && <span className="ml-2 text-xs font-normal text-amber-700">renamed from {field.savedName}; values are kept</span>}
        </h3>
        <div className="flex gap-1">
          <button type="button" className={BUTTON} aria-label="Move up" disabled={index === 0} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className={BUTTON} aria-label="Move down" disabled={index === count - 1} onClick={() => onMove(1)}>
            ↓
          </button>
          <button type="button" className={DANGER_BUTTON} onClick={onRemove}>
            Remove field
          </button>
        </div>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput label="Label" value={field.label} onChange={(label) => onChange(withLabel(field, label))} errors={errors.label} />
        <TextInput
          label="Name"
          value={field.name}
          onChange={(name) => set({ name })}
          hint="The stored column: lowercase letters, digits and _."
          errors={errors.name}
        />
        <SelectInput label="Type" value={field.type} options={typeOptions} onChange={(type) => set({ type })} errors={errors.type} />
        <SelectInput label="Tab" value={field.tab} options={tabs.map((tab) => ({ value: tab.id, label: tab.label }))} onChange={(tab) => set({ tab })} />
      </div>
      <TextInput label="Description" value={field.description} onChange={(description) => set({ description })} errors={errors.description} />
      {hasMinMax && (
        <div className="grid gap-3 md:grid-cols-2">
          <TextInput label="Minimum" type="number" value={field.min} onChange={(min) => set({ min })} />
          <TextInput label="Maximum" type="number" value={field.max} onChange={(max) => set({ max })} />
        </div>
      )}
      {hasOptions && <OptionsEditor options={field.options} onChange={(options) => set({ options })} />}
      <Errors messages={errors.options ?? []} />
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <Check label="Required" checked={field.required} onChange={(required) => set({ required })} />
        <Check label="Unique" checked={field.unique} onChange={(unique) => set({ unique })} />
        <Check label="Show in list" checked={field.inList} onChange={(inList) => set({ inList })} />
        <Check label="Sortable" checked={field.sortable} disabled={!field.inList} onChange={(sortable) => set({ sortable })} />
        <Check label="Searchable" checked={field.searchable} onChange={(searchable) => set({ searchable })} />
        <Check label="Filter" checked={field.filter} onChange={(filter) => set({ filter })} />
      </div>
      {field.inList && (
        <TextInput label="Column label" value={field.columnLabel} onChange={(columnLabel) => set({ columnLabel })} hint="Empty: the field's label." />
      )}
      <Errors messages={errors[''] ?? []} />
    </section>
  );
}
