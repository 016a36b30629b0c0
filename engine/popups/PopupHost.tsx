import { Suspense, useSyncExternalStore } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { dismissEntry, popupStack as defaultStack, type PopupEntry, type PopupStack } from './popupStack';

/** Spec 01 §2: half the screen unless the opener asks otherwise. */
export const DEFAULT_POPUP_WIDTH = '50vw';

function PopupLayer({ entry, depth }: { entry: PopupEntry; depth: number }) {
  const Component = entry.component;
  const open = !entry.closing;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && void dismissEntry(entry)}>
      <Dialog.Portal forceMount>
        <Dialog.Overlay
          forceMount
          data-popup-overlay=""
          style={{ zIndex: 40 + depth * 2 }}
          className={`fixed inset-0 bg-slate-900/40 backdrop-blur-sm transition-opacity duration-300 starting:opacity-0 data-[state=closed]:opacity-0 ${open ? '' : 'pointer-events-none'}`}
        />
        <Dialog.Content
          forceMount
          aria-describedby={undefined}
          data-popup=""
          style={{ zIndex: 41 + depth * 2, width: entry.options.width ?? DEFAULT_POPUP_WIDTH }}
          className={`fixed left-1/2 top-1/2 flex max-h-[90vh] min-w-[min(95vw,20rem)] max-w-[95vw] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-white shadow-xl transition-[opacity,scale] duration-300 starting:scale-95 starting:opacity-0 data-[state=closed]:scale-95 data-[state=closed]:opacity-0 ${open ? '' : 'pointer-events-none'}`}
        >
          {/* A popup registered with lazyNamed shows its frame empty for the moment its code takes to load. */}
          <Suspense fallback={null}>
            <Component {...entry.props} popup={entry.controls} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Draws the popup stack (mount once, near the root). Each popup is a Radix Dialog: focus trap,
 * Escape and overlay click reach the topmost one only, and they reject its promise.
 */
export function PopupHost({ stack = defaultStack }: { stack?: PopupStack }) {
  const entries = useSyncExternalStore(stack.subscribe, stack.getSnapshot, stack.getSnapshot);
  return (
    <>
      {entries.map((entry, depth) => (
        <PopupLayer key={entry.id} entry={entry} depth={depth} />
      ))}
    </>
  );
}
