import type { FieldProps } from './FieldProps';
import { FieldBoundary } from './FieldBoundary';
import { getField } from './registry';

function RegisteredField({ type, ...props }: FieldProps & { type: string }) {
  const Component = getField(type);
  return <Component {...props} />;
}

/**
 * Renders a field by its type name through the registry (the generic field dispatcher); an
 * unregistered type shows the spec's failure message in the field's place.
 */
export function FieldRenderer(props: FieldProps & { type: string }) {
  return (
    <FieldBoundary resetKey={props.type}>
      <RegisteredField {...props} />
    </FieldBoundary>
  );
}
