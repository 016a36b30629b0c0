import type { ComponentType } from 'react';
import { notRegisteredMessage } from '../fields';
import type { PopupComponentProps, PopupOptions } from './popupStack';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds popups of every props and answer type
export type PopupComponent = ComponentType<PopupComponentProps<any, any>>;

const popups = new Map<string, PopupComponent>();
const defaults = new Map<string, PopupOptions>();

/**
 * Registers (or replaces) a popup by name, for row actions (POPUP) and integrators; `options` (a wider
 * frame, say) apply whenever it is opened by that name, under any options the caller gives.
 */
export function registerPopup(name: string, component: PopupComponent, options?: PopupOptions): void {
  popups.set(name, component);
  if (options) defaults.set(name, options);
  else defaults.delete(name);
}

/** The options a popup was registered with. */
export function registeredOptions(name: string): PopupOptions | undefined {
  return defaults.get(name);
}

export function hasPopup(name: string): boolean {
  return popups.has(name);
}

/** The popup registered under a name; an unknown name fails with the spec's message (spec 01 §8). */
export function getPopup(name: string): PopupComponent {
  const component = popups.get(name);
  if (!component) throw new Error(notRegisteredMessage(name));
  return component;
}
