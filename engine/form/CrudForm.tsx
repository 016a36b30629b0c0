import { useMemo, useState } from 'react';
import type { FieldRule } from '../../schemas/crud/declaration';
import type { SaveAnswer } from '../../schemas/crud/list';
import type { Form } from '../../schemas/form/field';
import { formValuesOf } from '../../schemas/form/formValues';
import { fieldRuleEffects, type FormValues } from '../../schemas/form/validate';
import { apiPath, fieldErrorItemsOf, http } from '../http';
import { showSnackbar } from '../notices';
import { createFormUiStore } from './formUiStore';
import type { ErrorTree } from './errorTree';
import { mapServerErrors } from './mapServerErrors';
import { revealField } from './revealField';
import { SchemaForm } from './SchemaForm';
import { INVALID_FORM_MESSAGE } from './validation';

/** Spec 01 §8. */
export const MISSING_SUBMIT_URL_MESSAGE = 'No error message provided for not having a valid submit url.';
export const SAVED_MESSAGE = 'Successfully Saved';
/** Spec 01 §8: form submit errors stay 5 seconds. */
export const SUBMIT_ERROR_DURATION = 5000;

export interface CrudFormProps {
  form: Form;
  fieldRules?: readonly FieldRule[];
  /** Tabs listed in disabledTabsWhenCreate: disabled until the entry is saved. */
  disabledTabsWhenCreate?: readonly string[];
  /** True on the create page: disabledTabsWhenCreate apply and the fields start enabled. */
  creating: boolean;
  submitUrl?: string;
  /** POST by default (spec 01 §7). */
  submitMethod?: 'POST' | 'PUT' | 'PATCH';
  returnUrl?: string;
  /** Replaces the invalid-form message. */
  invalidMessage?: string;
  onSaved?: (answer: SaveAnswer) => void;
}

/**
 * The generic CRUD form of spec 01 §2: validation before submit, the submit itself, the server's
 * 422 errors mapped onto fields, and the success and failure notices.
 */
export function CrudForm(props: CrudFormProps) {
  const { form, fieldRules = [], creating } = props;
  const [serverErrors, setServerErrors] = useState<ErrorTree | undefined>(undefined);
  const [store] = useState(() => {
    const effects = fieldRuleEffects(formValuesOf(form), fieldRules);
    return createFormUiStore({
      editing: creating || !form.main,
      hidden: effects.hidden,
      required: effects.required,
      dismissed: new Set(),
      activeTab: null,
      saved: !creating,
      saving: false,
    });
  });
  const disabledTabs = useMemo(() => (creating ? props.disabledTabsWhenCreate : undefined), [creating, props.disabledTabsWhenCreate]);

  async function submit(values: FormValues) {
    if (!props.submitUrl) {
      showSnackbar({ message: MISSING_SUBMIT_URL_MESSAGE, variant: 'error' });
      return;
    }
    store.setState({ saving: true });
    try {
      const answer = (
        await http.request<SaveAnswer>({
          method: props.submitMethod ?? 'POST',
          url: apiPath(props.submitUrl),
          data: values,
          errorNoticeDuration: SUBMIT_ERROR_DURATION,
        })
      ).data;
      setServerErrors(undefined);
      store.setState({ saved: true, saving: false });
      showSnackbar({ message: answer.message || SAVED_MESSAGE, variant: 'success' });
      props.onSaved?.(answer);
    } catch (error) {
      // The http client has shown the server's message for 5 s; its field errors go onto the fields.
      const mapped = mapServerErrors(fieldErrorItemsOf(error), form);
      setServerErrors(mapped.keys.length > 0 ? mapped.tree : undefined);
      store.setState({ saving: false, dismissed: new Set() });
      revealField(store, form, mapped.keys[0]);
    }
  }

  return (
    <SchemaForm
      form={form}
      fieldRules={fieldRules}
      disabledTabs={disabledTabs}
      extraErrors={serverErrors}
      store={store}
      editToggle={Boolean(form.main)}
      startLocked={!creating}
      returnUrl={props.returnUrl}
      onSubmit={(values) => void submit(values)}
      onInvalid={() => showSnackbar({ message: props.invalidMessage ?? INVALID_FORM_MESSAGE, variant: 'error' })}
    />
  );
}
