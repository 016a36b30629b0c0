import type { ComponentType } from 'react';
import type { FieldProps } from './FieldProps';

export type FieldComponent = ComponentType<FieldProps>;

/** Spec 01 §8: what a missing field type, custom component or popup fails with. */
export function notRegisteredMessage(name: string): string {
  return `Unable to load the component "${name}". Make sure the component is registered to the extra components registry.`;
}

const fields = new Map<string, FieldComponent>();

/** Registers (or replaces) the component rendering a field type; integrators call it for their own types. */
export function registerField(type: string, component: FieldComponent): void {
  fields.set(type, component);
}

export function hasField(type: string): boolean {
  return fields.has(type);
}

/** The component registered for a field type; an unknown type fails with the spec's message (spec 01 §8). */
export function getField(type: string): FieldComponent {
  const component = fields.get(type);
  if (!component) throw new Error(notRegisteredMessage(type));
  return component;
}

/** The registered type names, in registration order. */
export function registeredFieldTypes(): string[] {
  return [...fields.keys()];
}
