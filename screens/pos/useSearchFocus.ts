import { useEffect, useRef } from 'react';
import { popupStack } from '../../engine/popups';

/**
 * Keeps the till's search box focused so the next scan or search is never lost: after every change of
 * screen (back to the cart, sale complete, next sale) and after a popup closes (popups have no trigger to
 * return focus to, so it would be left nowhere). `searchScreen`: the search box is shown.
 */
export function useSearchFocus(focusSearch: () => void, searchScreen: boolean, screenKey: string): void {
  const onSearchScreen = useRef(searchScreen);
  onSearchScreen.current = searchScreen;

  useEffect(
    () =>
      popupStack.subscribe(() => {
        if (popupStack.getSnapshot().length > 0) return;
        // After the popup's own unmount work, and only if nothing else took focus meanwhile.
        setTimeout(() => {
          const active = document.activeElement;
          if (onSearchScreen.current && (active === null || active === document.body)) focusSearch();
        }, 0);
      }),
    [focusSearch],
  );

  useEffect(() => {
    if (onSearchScreen.current && popupStack.getSnapshot().length === 0) focusSearch();
  }, [screenKey, focusSearch]);
}
