import { useState } from 'react';
import { NavLink } from 'react-router';
import { menuForRole, UNREAD_MENU_ITEMS, type MenuGroup, type MenuItem } from '../../schemas/menu';
import type { Role } from '../../schemas/roles';
import { useUnreadCount } from './useUnreadCount';

const UNREAD_IDS: readonly string[] = UNREAD_MENU_ITEMS;

function UnreadIcon() {
  return (
    <span
      role="img"
      aria-label="unread"
      className="ml-auto inline-flex h-5 w-5 items-center justify-center rounded-full bg-rose-500 text-xs font-bold text-white"
    >
      !
    </span>
  );
}

/** Spec 01 §2: 'chatting' and 'socialfeed' show an alert icon while their unread count is above 0. */
function UnreadBadge({ itemId }: { itemId: string }) {
  return useUnreadCount(itemId) > 0 ? <UnreadIcon /> : null;
}

function SideMenuLink({ item }: { item: MenuItem }) {
  return (
    <NavLink
      to={item.path}
      end
      className={({ isActive }) =>
        `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-sidebar-active text-white' : 'text-slate-300 hover:bg-sidebar-active hover:text-white'}`
      }
    >
      <span>{item.label}</span>
      {UNREAD_IDS.includes(item.id) && <UnreadBadge itemId={item.id} />}
    </NavLink>
  );
}

function SideMenuGroup({ group }: { group: MenuGroup }) {
  const [expanded, setExpanded] = useState(true);
  const listId = `side-menu-group-${group.id}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((current) => !current)}
        className="flex w-full items-center justify-between px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-400 hover:text-white"
      >
        <span>{group.label}</span>
        <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
      </button>
      <ul id={listId} hidden={!expanded} className="flex flex-col gap-1 px-2">
        {group.items.map((item) => (
          <li key={item.id}>
            <SideMenuLink item={item} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export interface SideMenuProps {
  menu: readonly MenuGroup[];
  role: Role;
}

/** The side menu: the groups and items the role may use, each group collapsible. */
export function SideMenu({ menu, role }: SideMenuProps) {
  const groups = menuForRole(menu, role);
  return (
    <nav aria-label="Main menu" className="h-full overflow-y-auto bg-sidebar py-4">
      <ul className="flex flex-col gap-2">
        {groups.map((group) => (
          <SideMenuGroup key={group.id} group={group} />
        ))}
      </ul>
    </nav>
  );
}
