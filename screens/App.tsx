import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type LazyRouteFunction, type RouteObject } from 'react-router';
import { LoginPage } from './login';

/**
 * A route whose page comes with its own script, fetched the first time the route is visited: the sign-in
 * page loads only what it shows. `lazy: page(() => import('./area'), 'AreaPage')`; the router waits for
 * the script before leaving the current page, so nothing flashes in between.
 */
function page<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The application's routes: the login page alone, everything else inside the signed-in shell. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  {
    lazy: page(() => import('./shell'), 'AppShell'),
    children: [
      { path: '/dashboard', lazy: page(() => import('./dashboard'), 'DashboardPage') },
      { path: '/dashboard/profile', lazy: page(() => import('./profile'), 'ProfilePage') },
      { path: '/dashboard/settings', lazy: page(() => import('./settings'), 'SettingsPage') },
      { path: '/dashboard/media-manager', lazy: page(() => import('./media'), 'MediaPage') },
      { path: '/dashboard/widgets', lazy: page(() => import('./widgets'), 'WidgetsPage') },
      { path: '/dashboard/floor-layout', lazy: page(() => import('./floor'), 'FloorLayoutPage') },
      { path: '/dashboard/my-spaces', lazy: page(() => import('./floor'), 'MySpacesPage') },
      { path: '/dashboard/vendor-statement', lazy: page(() => import('./vendors'), 'VendorStatementPage') },
      { path: '/dashboard/sales-alerts', lazy: page(() => import('./salesAlerts'), 'SalesAlertsPage') },
      { path: '/dashboard/settlement', lazy: page(() => import('./settlement'), 'SettlementPage') },
      { path: '/dashboard/pos', lazy: page(() => import('./pos'), 'PosPage') },
      // The reports bring the chart library with them.
      { path: '/dashboard/reports', lazy: page(() => import('./reports'), 'ReportsPage') },
      { path: '/dashboard/registers', lazy: page(() => import('./registers'), 'RegistersPage') },
      // The screen builder's own pages, before the generic CRUD pages claim '/dashboard/*'.
      { path: '/dashboard/screens', lazy: page(() => import('./screenBuilder'), 'ScreensListPage') },
      { path: '/dashboard/screens/create', lazy: page(() => import('./screenBuilder'), 'ScreenEditorPage') },
      { path: '/dashboard/screens/edit/:namespace', lazy: page(() => import('./screenBuilder'), 'ScreenEditorPage') },
      { path: '/dashboard/screens/history/:namespace', lazy: page(() => import('./screenBuilder'), 'ScreenHistoryPage') },
      // Every resource with a menu entry: its list, create and edit pages (screens/crud).
      { path: '/dashboard/*', lazy: page(() => import('./crud'), 'CrudPage') },
      { path: '*', lazy: page(() => import('./shell'), 'NotFoundPage') },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
