import type { ComponentType } from 'react';
import type { FieldProps } from './FieldProps';
import { notRegisteredMessage } from './registry';

/** A component a `custom` field names: it receives the field's props, its value included. */
export type ExtraComponent = ComponentType<FieldProps>;

const components = new Map<string, ExtraComponent>();

/** Registers (or replaces) a named component for `custom` fields (the spec's extra components registry). */
export function registerComponent(name: string, component: ExtraComponent): void {
  components.set(name, component);
}

export function hasComponent(name: string): boolean {
  return components.has(name);
}

/** The component registered under a name; an unknown name fails with the spec's message (spec 01 §4, §8). */
export function getComponent(name: string): ExtraComponent {
  const component = components.get(name);
  if (!component) throw new Error(notRegisteredMessage(name));
  return component;
}
