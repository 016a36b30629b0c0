// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU, unreadStorageKey, type MenuGroup } from '../../schemas/menu';
import { SideMenu } from './SideMenu';

const FIXTURE_MENU: MenuGroup[] = [
  {
    id: 'main',
    label: 'Main',
    items: [
      { id: 'dashboard', label: 'Dashboard', path: '/dashboard', capability: 'dashboard.read' },
      { id: 'chatting', label: 'Chat', path: '/dashboard/chat', capability: 'dashboard.read' },
      { id: 'socialfeed', label: 'Social Feed', path: '/dashboard/feed', capability: 'dashboard.read' },
    ],
  },
];

function renderMenu(menu: readonly MenuGroup[], role: Parameters<typeof SideMenu>[0]['role']) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <SideMenu menu={menu} role={role} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('SideMenu', () => {
  it('shows the settings group to administrators only', () => {
    renderMenu(MENU, 'store_administrator');
    expect(screen.getByRole('link', { name: 'General' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Settings/ }).getAttribute('aria-expanded')).toBe('true');
    cleanup();

    renderMenu(MENU, 'cashier');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'General' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Settings/ })).toBeNull();
  });

  it('collapses a group', () => {
    renderMenu(MENU, 'administrator');
    const toggle = screen.getByRole('button', { name: /Settings/ });
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'General' })).toBeNull();
  });

  it('shows the unread icon on chatting while its stored count is above 0', () => {
    localStorage.setItem(unreadStorageKey('chatting'), '3');
    localStorage.setItem(unreadStorageKey('socialfeed'), '0');
    renderMenu(FIXTURE_MENU, 'vendor');
    const unread = screen.getAllByRole('img', { name: 'unread' });
    expect(unread).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Chat/ }).contains(unread[0] ?? null)).toBe(true);
  });

  it('shows no unread icon when the count is 0, and re-reads on storage events', () => {
    localStorage.setItem(unreadStorageKey('chatting'), '0');
    renderMenu(FIXTURE_MENU, 'vendor');
    expect(screen.queryByRole('img', { name: 'unread' })).toBeNull();

    localStorage.setItem(unreadStorageKey('chatting'), '1');
    act(() => {
      window.dispatchEvent(new Event('storage'));
    });
    expect(screen.getByRole('img', { name: 'unread' })).toBeTruthy();
  });
});
