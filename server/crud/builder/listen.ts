import { listenResiliently } from '../../db/listen';
import { SCREENS_CHANNEL } from './save';

export const SCREENS_LISTENER_APPLICATION_NAME = 'pos-screens-listener';

/**
 * Calls `onSave` whenever any app server on this PostgreSQL database commits a screen builder save, and
 * once more after the listening connection was lost and opened again, since saves in between were missed.
 */
export function listenForScreens(connectionString: string, onSave: () => void, onLost: (error: Error) => void): Promise<{ close(): Promise<void> }> {
  return listenResiliently({
    connectionString,
    channel: SCREENS_CHANNEL,
    applicationName: SCREENS_LISTENER_APPLICATION_NAME,
    onNotify: onSave,
    onLost,
    onListeningAgain: onSave,
  });
}
