import { lazy, type ComponentType } from 'react';

/**
 * A named export of a module loaded the first time it renders, so its code (and the libraries only it
 * needs) stays out of the first script. It must render under a Suspense boundary: every registered
 * field (FieldBoundary) and popup (PopupHost) has one.
 * `registerPopup('floor-layout', lazyNamed(() => import('./FloorLayoutPopup'), 'FloorLayoutPopup'))`.
 */
export function lazyNamed<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): Module[Name] {
  // The registries take components; a lazy one renders the same props once its module is in.
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> })) as Module[Name];
}
