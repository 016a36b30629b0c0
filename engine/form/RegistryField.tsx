import { useEffect } from 'react';
import type { FieldProps as RjsfFieldProps } from '@rjsf/utils';
import type { Field } from '../../schemas/form/field';
import { isEmptyValue } from '../../schemas/form/rules';
import type { FieldUiOptions } from '../../schemas/form/toJsonSchema';
import { FieldBoundary, getField } from '../fields';
import { engineContextOf } from './formContext';
import { useFormUi } from './formUiStore';

/** The field description and key a property's uiSchema carries; a bare rjsf property gets a minimal one. */
function fieldOptionsOf(props: RjsfFieldProps): FieldUiOptions {
  const options = props.uiSchema?.['ui:options'] as Partial<FieldUiOptions> | undefined;
  if (options?.spec && options.key) return options as FieldUiOptions;
  const type = String(props.uiSchema?.['ui:field'] ?? 'text');
  const spec = { name: props.name, label: String(props.schema.title ?? props.name), type } as Field;
  return { key: props.name, spec };
}

const HIDDEN = 1;
const REQUIRED = 2;
const LOCKED = 4;
const DISMISSED = 8;

function BridgedField(props: RjsfFieldProps & { options: FieldUiOptions }) {
  const { options, formData, onChange, fieldPathId, rawErrors } = props;
  const { key, spec: field } = options;
  const context = engineContextOf(props.registry.formContext);
  const store = context?.store;
  // One subscription per field, its four flags packed in a number, so a 60-field form stays cheap to mount.
  const flags = useFormUi(
    store,
    (state) =>
      (state.hidden.has(key) ? HIDDEN : 0) |
      (state.required.has(key) ? REQUIRED : 0) |
      (state.editing ? 0 : LOCKED) |
      (state.dismissed.has(key) ? DISMISSED : 0),
  );
  const ruleHidden = (flags & HIDDEN) !== 0;
  const ruleRequired = (flags & REQUIRED) !== 0;
  const locked = (flags & LOCKED) !== 0;
  const dismissed = (flags & DISMISSED) !== 0;

  // Spec 01 §4: a field a rule hides is also cleared.
  useEffect(() => {
    if (ruleHidden && !isEmptyValue(formData)) onChange(null, fieldPathId.path);
  }, [ruleHidden, formData, onChange, fieldPathId]);

  const Component = getField(field.type);
  if (ruleHidden || props.uiSchema?.['ui:widget'] === 'hidden') return null;

  const errors = dismissed || !rawErrors?.length ? undefined : rawErrors;
  return (
    <Component
      name={key}
      label={field.label}
      description={field.description}
      value={formData}
      onChange={(value) => {
        onChange(value, fieldPathId.path);
        if (errors) store?.dismiss(key);
      }}
      errors={errors}
      disabled={Boolean(props.disabled || props.readonly || locked)}
      options={field.options}
      required={Boolean(props.required || ruleRequired)}
      field={field}
      form={
        context
          ? {
              values: () => context.getValues?.() ?? {},
              saved: () => context.store.getState().saved,
              ...(context.setValue ? { setValue: context.setValue } : {}),
            }
          : undefined
      }
    />
  );
}

/**
 * The bridge between rjsf and the field registry: every property whose `ui:field` names a field
 * type renders the registered component with FieldProps. A type or custom component that is not
 * registered shows the spec's failure message in the field's place, never a silent text box.
 */
export function RegistryField(props: RjsfFieldProps) {
  const options = fieldOptionsOf(props);
  return (
    <FieldBoundary resetKey={`${options.spec.type}:${options.spec.component ?? ''}`}>
      <BridgedField {...props} options={options} />
    </FieldBoundary>
  );
}
