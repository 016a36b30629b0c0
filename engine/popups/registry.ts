import type { ComponentType } from 'react';
import { notRegisteredMessage } from '../fields/registry';
import type { PopupComponentProps } from './popupStack';

export type PopupComponent = ComponentType<PopupComponentProps<any, any>>;

const popups = new Map<string, PopupComponent>();

/** Registers (or replaces) a popup by name, for row actions (POPUP) and integrators. */
export function registerPopup(name: string, component: PopupComponent): void {
  popups.set(name, component);
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
