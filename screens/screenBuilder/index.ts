/** The screen builder: screens declared in the browser, stored by the server as CRUD declarations. */
export { ScreensListPage } from './ScreensListPage';
export { ScreenEditorPage } from './ScreenEditorPage';
export { ScreenHistoryPage } from './ScreenHistoryPage';
