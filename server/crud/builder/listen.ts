import pg from 'pg';
import { SCREENS_CHANNEL } from './save';

/** Calls `onSave` whenever any app server on this PostgreSQL database commits a screen builder save. */
export async function listenForScreens(connectionString: string, onSave: () => void): Promise<{ close(): Promise<void> }> {
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  listener.on('notification', (notification) => {
    if (notification.channel === SCREENS_CHANNEL) onSave();
  });
  // A dropped connection must not crash the server; the screens stay as last loaded.
  listener.on('error', () => undefined);
  await listener.query(`listen ${SCREENS_CHANNEL}`);
  return { close: () => listener.end() };
}
