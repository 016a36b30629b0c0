/** The signed-in frame (header, side menu), the not-found page, and the menu every screen reads. */
export { AppShell } from './AppShell';
export { NotFoundPage } from './NotFoundPage';
export { useMenu, menuQueryKey } from './useMenu';
