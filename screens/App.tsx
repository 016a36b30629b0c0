import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { CrudPage } from './crud';
import { DashboardPage } from './dashboard';
import { FloorLayoutPage, MySpacesPage } from './floor';
import { MediaPage } from './media';
import { PosPage } from './pos';
import { ProfilePage } from './profile';
import { SettingsPage } from './settings';
import { SalesAlertsPage } from './salesAlerts';
import { VendorStatementPage } from './vendors';
import { WidgetsPage } from './widgets';
import { LoginPage } from './login';
import { AppShell, NotFoundPage } from './shell';

/** The application's routes: the login page alone, everything else inside the signed-in shell. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  {
    element: <AppShell />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/profile', element: <ProfilePage /> },
      { path: '/dashboard/settings', element: <SettingsPage /> },
      { path: '/dashboard/media-manager', element: <MediaPage /> },
      { path: '/dashboard/widgets', element: <WidgetsPage /> },
      { path: '/dashboard/floor-layout', element: <FloorLayoutPage /> },
      { path: '/dashboard/my-spaces', element: <MySpacesPage /> },
      { path: '/dashboard/vendor-statement', element: <VendorStatementPage /> },
      { path: '/dashboard/sales-alerts', element: <SalesAlertsPage /> },
      { path: '/dashboard/pos', element: <PosPage /> },
      // Every resource with a menu entry: its list, create and edit pages (screens/crud).
      { path: '/dashboard/*', element: <CrudPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
