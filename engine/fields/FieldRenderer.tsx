import type { FieldProps } from './FieldProps';
import { getField } from './registry';

/** Renders a field by its type name through the registry (the generic field dispatcher). */
export function FieldRenderer({ type, ...props }: FieldProps & { type: string }) {
  const Component = getField(type);
  return <Component {...props} />;
}
