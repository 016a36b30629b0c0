import { type FieldProps, getComponent, registerField } from '../engine/fields';

/**
 * A field drawn by a component registered under `field.component` (registerComponent). An unknown
 * name throws the spec's message, which the field's error boundary shows in the field's place.
 */
export function CustomField(props: FieldProps) {
  const Component = getComponent(props.field?.component ?? '');
  return <Component {...props} />;
}

registerField('custom', CustomField);
