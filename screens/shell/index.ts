/** The signed-in frame (header, side menu), the not-found and not-allowed pages, and the menu every screen reads. */
export { AppShell } from './AppShell';
export { NotFoundPage } from './NotFoundPage';
export { NotAllowedPage, NOT_ALLOWED_MESSAGE, NOT_ALLOWED_TITLE } from './NotAllowedPage';
export { useMenu, menuQueryKey } from './useMenu';
