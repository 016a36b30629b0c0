import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { CrudPage } from './crud/CrudPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { FloorLayoutPage } from './floor/FloorLayoutPage';
import { MySpacesPage } from './floor/MySpacesPage';
import { MediaPage } from './media/MediaPage';
import { PosPage } from './pos/PosPage';
import { ProfilePage } from './profile/ProfilePage';
import { SettingsPage } from './settings/SettingsPage';
import { SalesAlertsPage } from './salesAlerts/SalesAlertsPage';
import { VendorStatementPage } from './vendors/VendorStatementPage';
import { WidgetsPage } from './widgets/WidgetsPage';
import { AppShell } from './shell/AppShell';
import { LoginPage } from './shell/LoginPage';
import { NotFoundPage } from './shell/NotFoundPage';

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
