/** The signed-in frame (header, side menu), the login and not-found pages, and the menu every screen reads. */
export { AppShell } from './AppShell';
export { LoginPage } from './LoginPage';
export { NotFoundPage } from './NotFoundPage';
export { useMenu, menuQueryKey } from './useMenu';
