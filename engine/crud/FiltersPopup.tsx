import { useMemo } from 'react';
import type { Field, Form } from '../../schemas/form/field';
import { formValuesOf } from '../../schemas/form/formValues';
import { SchemaForm } from '../form';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../popups';
import { FILTERS_TITLE } from './listMessages';

const FILTERS_TAB = 'filters';

export interface FiltersPopupProps {
  filters: Field[];
  values: Record<string, unknown>;
}

/**
 * Search Filters (spec 01 §2): the list's query filters rendered by the same form engine; 'Use
 * Filters' resolves the values, 'Clear Filters' resolves none.
 */
export function FiltersPopup({ filters, values, popup }: PopupComponentProps<FiltersPopupProps, Record<string, unknown>>) {
  const form = useMemo<Form>(() => ({ tabs: { [FILTERS_TAB]: { label: FILTERS_TITLE, fields: filters } } }), [filters]);
  const start = useMemo(() => {
    const empty = formValuesOf(form);
    return { [FILTERS_TAB]: { ...(empty[FILTERS_TAB] as Record<string, unknown>), ...values } };
  }, [form, values]);
  return (
    <PopupFrame title={FILTERS_TITLE} onClose={() => popup.close()}>
      <SchemaForm
        form={form}
        values={start}
        showSave={false}
        hideSingleTab
        onSubmit={(submitted) => popup.resolve((submitted[FILTERS_TAB] as Record<string, unknown> | undefined) ?? {})}
      >
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.resolve({})}>
            Clear Filters
          </button>
          <button type="submit" className={POPUP_PRIMARY_BUTTON_CLASSES}>
            Use Filters
          </button>
        </div>
      </SchemaForm>
    </PopupFrame>
  );
}
