import { withTitle, type EditorState } from './editorState';
import { Check, SelectInput, TextInput } from './inputs';
import { errorsAt, type EditorErrors } from './serverErrors';
import { SECTION, SECTION_TITLE } from './styles';

interface SectionProps {
  state: EditorState;
  onChange: (state: EditorState) => void;
  errors: EditorErrors;
}

/** Title and identifiers; the identifiers of a saved screen are fixed (its table and addresses hold them). */
export function GeneralSection({ state, onChange, errors, creating }: SectionProps & { creating: boolean }) {
  const set = (patch: Partial<EditorState>) => onChange({ ...state, ...patch });
  return (
    <section aria-labelledby="builder-general" className={SECTION}>
      <h2 id="builder-general" className={SECTION_TITLE}>
        Screen
      </h2>
      <TextInput
        label="Title"
        value={state.title}
        onChange={(title) => onChange(withTitle(state, title, creating))}
        errors={errorsAt(errors, 'labels.list_title')}
      />
      <TextInput
        label="Description"
        value={state.description}
        onChange={(description) => set({ description })}
        errors={errorsAt(errors, 'labels.list_description')}
      />
      <div className="grid gap-3 md:grid-cols-3">
        <TextInput
          label="Namespace"
          value={state.namespace}
          disabled={!creating}
          onChange={(namespace) => set({ namespace })}
          errors={errorsAt(errors, 'namespace')}
        />
        <TextInput label="Slug" value={state.slug} disabled={!creating} onChange={(slug) => set({ slug })} errors={errorsAt(errors, 'slug')} />
        <TextInput label="Table" value={state.table} disabled={!creating} onChange={(table) => set({ table })} errors={errorsAt(errors, 'table')} />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput label="Create title" value={state.createTitle} onChange={(createTitle) => set({ createTitle })} hint={`Empty: Add ${state.title}`} />
        <TextInput label="Edit title" value={state.editTitle} onChange={(editTitle) => set({ editTitle })} hint={`Empty: Edit ${state.title}`} />
      </div>
    </section>
  );
}

/** Default sort and bulk actions; columns, search and filters are chosen on each field. */
export function ListSection({ state, onChange, errors }: SectionProps) {
  const set = (patch: Partial<EditorState>) => onChange({ ...state, ...patch });
  const columns = state.fields.filter((field) => field.inList && field.name !== '');
  return (
    <section aria-labelledby="builder-list" className={SECTION}>
      <h2 id="builder-list" className={SECTION_TITLE}>
        List
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <SelectInput
          label="Default sort"
          value={state.sortColumn}
          onChange={(sortColumn) => set({ sortColumn })}
          options={[{ value: '', label: 'Newest first' }, ...columns.map((field) => ({ value: field.key, label: field.label || field.name }))]}
        />
        <SelectInput
          label="Direction"
          value={state.sortDirection}
          disabled={state.sortColumn === ''}
          onChange={(direction) => set({ sortDirection: direction === 'asc' ? 'asc' : 'desc' })}
          options={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
        />
      </div>
      <Check label="Bulk delete of selected rows" checked={state.bulkDelete} onChange={(bulkDelete) => set({ bulkDelete })} />
      {errorsAt(errors, 'search').length + errorsAt(errors, 'defaultSort').length > 0 && (
        <p className="text-xs text-red-600">{[...errorsAt(errors, 'search'), ...errorsAt(errors, 'defaultSort')].join(' ')}</p>
      )}
    </section>
  );
}

/** Where the screen appears in the side menu. */
export function MenuSection({ state, onChange, errors }: SectionProps) {
  const set = (patch: Partial<EditorState>) => onChange({ ...state, ...patch });
  return (
    <section aria-labelledby="builder-menu" className={SECTION}>
      <h2 id="builder-menu" className={SECTION_TITLE}>
        Menu
      </h2>
      <Check label="Show in the side menu" checked={state.inMenu} onChange={(inMenu) => set({ inMenu })} />
      {state.inMenu && (
        <div className="grid gap-3 md:grid-cols-2">
          <TextInput label="Menu group" value={state.menuGroup} onChange={(menuGroup) => set({ menuGroup })} errors={errorsAt(errors, 'menu.group')} />
          <TextInput
            label="Group label"
            value={state.menuGroupLabel}
            onChange={(menuGroupLabel) => set({ menuGroupLabel })}
            errors={errorsAt(errors, 'menu.groupLabel')}
          />
          <TextInput
            label="Menu label"
            value={state.menuLabel}
            onChange={(menuLabel) => set({ menuLabel })}
            hint="Empty: the title."
            errors={errorsAt(errors, 'menu.label')}
          />
          <TextInput label="Order" type="number" value={state.menuOrder} onChange={(menuOrder) => set({ menuOrder })} errors={errorsAt(errors, 'menu.order')} />
        </div>
      )}
    </section>
  );
}
