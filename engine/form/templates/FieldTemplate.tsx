import type { FieldTemplateProps } from '@rjsf/utils';

/**
 * rjsf's per-property wrapper. Our field components draw their own label, description and errors,
 * so this only keeps hidden properties out of sight.
 */
export function FieldTemplate({ children, hidden }: FieldTemplateProps) {
  return hidden ? <div hidden>{children}</div> : children;
}
