import type { ComponentType } from 'react';
import { popupStack, type PopupComponentProps, type PopupOptions } from './popupStack';
import { getPopup, registeredOptions } from './registry';

/**
 * Opens a popup on top of the stack, by component or by registered name; the promise settles with
 * what the popup resolves or rejects (PopupDismissed on overlay click or Escape). An unregistered
 * name rejects with the spec's message.
 */
export function openPopup<R = unknown, P extends object = object>(
  component: ComponentType<PopupComponentProps<P, R>> | string,
  props?: P,
  options?: PopupOptions,
): Promise<R> {
  try {
    const resolved = typeof component === 'string' ? (getPopup(component) as ComponentType<PopupComponentProps<P, R>>) : component;
    const merged = typeof component === 'string' ? { ...registeredOptions(component), ...options } : options;
    return popupStack.open<R, P>(resolved, props, merged);
  } catch (error) {
    return Promise.reject(error);
  }
}
