import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import type { AuthUser } from '../../schemas/auth';
import { downloadLatestScenario } from '../../engine/scenarios';
import { showSnackbar } from '../../engine/notices';
import { useOptions, useSignOut } from '../../engine/session';
import { initialsOf } from './initialsOf';

const MENU_ITEM_CLASSES = 'cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export interface HeaderProps {
  user: AuthUser;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** The top bar: sidebar toggle, and the avatar menu with Profile, Download scenario (when QA records) and Sign Out. */
export function Header({ user, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const recording = useOptions().data?.qa_record_scenarios === 'yes';

  async function handleSignOut() {
    try {
      await signOut.mutateAsync();
    } finally {
      // Even when the call fails the session is unusable here; the login page re-checks it.
      navigate('/login', { replace: true });
    }
  }

  return (
    <header className="flex h-14 shrink-0 items-center justify-between border-b border-slate-200 bg-white px-4">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
      >
        <span aria-hidden="true" className="text-xl leading-none">
          ☰
        </span>
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button type="button" className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-slate-100">
            <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white">
              {initialsOf(user.username)}
            </span>
            <span className="text-sm text-slate-700">Hello, {user.username}</span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-40 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Item className={MENU_ITEM_CLASSES} onSelect={() => navigate('/dashboard/profile')}>
              Profile
            </DropdownMenu.Item>
            {recording && (
              <DropdownMenu.Item
                className={MENU_ITEM_CLASSES}
                onSelect={() => {
                  if (!downloadLatestScenario()) showSnackbar({ message: 'Nothing recorded yet: use a flow (the till, an order) first.', variant: 'error' });
                }}
              >
                Download scenario
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className={MENU_ITEM_CLASSES} onSelect={() => void handleSignOut()}>
              Sign Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </header>
  );
}
