import pg from 'pg';
import { listenResiliently } from '../db/listen';
import type { RealtimeBridge, RealtimeHub } from './hub';

const CHANNEL = 'pos_realtime';
/** NOTIFY payloads are limited to 8000 bytes; events carry ids and short texts, never documents. */
const MAX_PAYLOAD = 7900;
export const LISTENER_APPLICATION_NAME = 'pos-realtime-listener';

/**
 * Carries realtime events between app servers that share one PostgreSQL database. Events sent while the
 * listening connection is being opened again are not replayed: they only prompt screens to read the API.
 */
export async function connectPostgresBridge(connectionString: string, hub: RealtimeHub, onError: (error: Error) => void): Promise<RealtimeBridge> {
  const listener = await listenResiliently({
    connectionString,
    channel: CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    onNotify: (payload) => {
      // Anyone with access to the database can NOTIFY this channel; a payload that is not ours is reported, not thrown.
      try {
        hub.deliver(payload);
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
    },
    onLost: onError,
  });
  const publisher = new pg.Pool({ connectionString, max: 1 });
  // An idle pooled connection that the server ends is discarded by the pool; the next query opens another.
  publisher.on('error', onError);
  return {
    async broadcast(message) {
      if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error('A realtime event is too large to send between servers.');
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, message]);
    },
    async close() {
      await listener.close();
      await publisher.end();
    },
  };
}
