import { useSyncExternalStore } from 'react';
import { unreadStorageKey } from '../../schemas/menu';
import { readLocalRaw } from '../../engine/storage';

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The unread count kept in local storage for a menu item (0 when absent or not a number). */
export function readUnreadCount(itemId: string): number {
  const count = Number(readLocalRaw(unreadStorageKey(itemId)));
  return Number.isFinite(count) ? count : 0;
}

/** The unread count of a menu item, re-read whenever local storage changes (other tabs dispatch 'storage'). */
export function useUnreadCount(itemId: string): number {
  return useSyncExternalStore(
    subscribeToStorage,
    () => readUnreadCount(itemId),
    () => 0,
  );
}
