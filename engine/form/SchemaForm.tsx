import { useMemo, useRef, useState, type ReactNode } from 'react';
import RjsfForm, { type IChangeEvent } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { FieldRule } from '../../schemas/crud/declaration';
import type { Form } from '../../schemas/form/field';
import { formValuesOf } from '../../schemas/form/formValues';
import { toJsonSchema } from '../../schemas/form/toJsonSchema';
import { fieldRuleEffects, type FormValues } from '../../schemas/form/validate';
import type { EngineFormContext } from './formContext';
import { createFormUiStore, type FormUiStore } from './formUiStore';
import { formValidator } from './formValidator';
import type { ErrorTree } from './errorTree';
import { revealField } from './revealField';
import { rjsfFields } from './rjsfFields';
import { ENGINE_TEMPLATES } from './templates';
import { customValidateFor, dropSchemaErrors } from './validation';

export interface SchemaFormProps {
  form: Form;
  /** The declaration's field rules, applied live: hide and clear, require (spec 01 §4–5). */
  fieldRules?: readonly FieldRule[];
  /** Tabs disabled until the entry is saved. */
  disabledTabs?: readonly string[];
  /** Starting values; by default the fields' own values. Read at mount: remount (a new `key`) to start over. */
  values?: FormValues;
  /** Errors placed on fields from elsewhere (the server's 422 answer). */
  extraErrors?: ErrorTree;
  /** The form's UI store, when the caller drives it (saving, saved); one is made otherwise. */
  store?: FormUiStore;
  returnUrl?: string;
  /** Shows the main field's Cancel/Edit toggle. */
  editToggle?: boolean;
  /** Starts with the fields disabled until Edit is pressed. */
  startLocked?: boolean;
  showSave?: boolean;
  hideSingleTab?: boolean;
  onSubmit: (values: FormValues) => void;
  /** Client validation blocked the submit; `keys` are the failing fields. */
  onInvalid?: (keys: string[]) => void;
  onChange?: (values: FormValues) => void;
  /** Rendered inside the <form> after the fields (extra buttons). */
  children?: ReactNode;
  id?: string;
  className?: string;
}

const NO_RULES: readonly FieldRule[] = [];

/** The form engine: a server form rendered by @rjsf/core with our templates and the field registry. */
export function SchemaForm(props: SchemaFormProps) {
  const { form, fieldRules = NO_RULES, disabledTabs } = props;
  // Uncontrolled: rjsf keeps the values, so a change of another prop (the server's errors) never resets them.
  const [initialValues] = useState(() => props.values ?? formValuesOf(form));
  const [ownStore] = useState(() => {
    const effects = fieldRuleEffects(initialValues, fieldRules);
    return createFormUiStore({
      editing: !props.startLocked,
      hidden: effects.hidden,
      required: effects.required,
      dismissed: new Set(),
      activeTab: null,
      saved: !disabledTabs?.length,
      saving: false,
    });
  });
  const store = props.store ?? ownStore;
  const valuesRef = useRef<FormValues>(initialValues);
  const formRef = useRef<RjsfForm<FormValues>>(null);
  const { schema, uiSchema } = useMemo(() => toJsonSchema(form, { disabledTabs }), [form, disabledTabs]);
  const customValidate = useMemo(() => customValidateFor(form, fieldRules), [form, fieldRules]);
  const formContext = useMemo<EngineFormContext>(
    () => ({
      store,
      showEditToggle: Boolean(props.editToggle),
      showSave: props.showSave ?? true,
      hideSingleTab: Boolean(props.hideSingleTab),
      getValues: () => valuesRef.current,
      setValue: (key, value) => formRef.current?.setFieldValue(key.split('.'), value as FormValues),
      ...(props.returnUrl ? { returnUrl: props.returnUrl } : {}),
    }),
    [store, props.editToggle, props.showSave, props.hideSingleTab, props.returnUrl],
  );

  function handleChange(event: IChangeEvent<FormValues>) {
    const values = event.formData ?? {};
    valuesRef.current = values;
    if (fieldRules.length > 0) store.setState(fieldRuleEffects(values, fieldRules));
    props.onChange?.(values);
  }

  function handleError(errors: RJSFValidationError[]) {
    const keys = [...new Set(errors.map((error) => (error.property ?? '').replace(/^\./, '')).filter(Boolean))];
    store.setState({ dismissed: new Set() });
    revealField(store, form, keys[0]);
    props.onInvalid?.(keys);
  }

  return (
    <RjsfForm<FormValues>
      ref={formRef}
      id={props.id}
      className={props.className ?? 'flex flex-col gap-4'}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema as UiSchema<FormValues>}
      initialFormData={initialValues}
      validator={formValidator}
      fields={rjsfFields()}
      templates={ENGINE_TEMPLATES}
      formContext={formContext}
      customValidate={customValidate}
      transformErrors={dropSchemaErrors}
      extraErrors={props.extraErrors as ErrorSchema<FormValues> | undefined}
      liveValidate={false}
      showErrorList={false}
      noHtml5Validate
      onChange={handleChange}
      onError={handleError}
      onSubmit={(event) => {
        store.setState({ dismissed: new Set() });
        props.onSubmit(event.formData ?? {});
      }}
    >
      {props.children ?? <></>}
    </RjsfForm>
  );
}
