import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { statusOf } from '../../engine/http';
import { currentBreakpoint, isCompactBreakpoint, useBreakpoint } from '../../engine/layout';
import { PopupHost } from '../../engine/popups';
import { useAuthUser } from '../../engine/session';
import { useRealtimeConnection } from '../../engine/realtime';
import { Header } from './Header';
import { NotAllowedPage } from './NotAllowedPage';
import { SideMenu } from './SideMenu';
import { useForbiddenPath } from './useForbiddenPath';
import { useMenu } from './useMenu';

function PageMessage({ children }: { children: string }) {
  return (
    <div role="status" className="flex h-full items-center justify-center text-slate-500">
      {children}
    </div>
  );
}

/** Holds the realtime connection open while signed in (only when the server enables it). */
function RealtimeConnection() {
  useRealtimeConnection();
  return null;
}

/** The signed-in frame: side menu, header and the current page. Without a session it sends the visitor to /login. */
export function AppShell() {
  const location = useLocation();
  const session = useAuthUser();
  const { menu, isLoaded: menuLoaded } = useMenu(session.data?.role);
  // Judged against the role's own menu once it has loaded: the static stand-in lacks the resource entries.
  const forbidden = useForbiddenPath(location.pathname, menu, session.isSuccess) && menuLoaded;
  const compact = isCompactBreakpoint(useBreakpoint());
  // Spec 01 §4: the sidebar starts hidden on xs, sm and md screens.
  const [sidebarOpen, setSidebarOpen] = useState(() => !isCompactBreakpoint(currentBreakpoint()));

  if (session.isPending) return <PageMessage>Loading…</PageMessage>;
  if (session.isError) {
    if (statusOf(session.error) === 401) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
    return <PageMessage>An unexpected error has occurred</PageMessage>;
  }

  const user = session.data;
  return (
    <div className="flex h-full">
      <RealtimeConnection />
      {sidebarOpen && compact && <div aria-hidden="true" className="fixed inset-0 z-20 bg-slate-900/40" onClick={() => setSidebarOpen(false)} />}
      {sidebarOpen && (
        <aside id="app-sidebar" className={compact ? 'fixed inset-y-0 left-0 z-30 w-60' : 'w-60 shrink-0'}>
          <SideMenu menu={menu} role={user.role} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header user={user} sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
        <main className="flex-1 overflow-y-auto p-4 sm:p-6">{forbidden ? <NotAllowedPage /> : <Outlet />}</main>
      </div>
      <PopupHost />
    </div>
  );
}
