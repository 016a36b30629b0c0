import { useSyncExternalStore } from 'react';
import { popupStack, type PopupControls } from '../../popups';

/** Whether the popup owning these controls is the topmost open one (keyboard shortcuts go to it only). */
export function useIsTopPopup(controls: PopupControls<unknown>): boolean {
  const isTop = () => popupStack.top()?.controls === controls;
  return useSyncExternalStore(popupStack.subscribe, isTop, isTop);
}
