import pg from 'pg';
import type { RealtimeBridge, RealtimeHub } from './hub';

const CHANNEL = 'pos_realtime';
/** NOTIFY payloads are limited to 8000 bytes; events carry ids and short texts, never documents. */
const MAX_PAYLOAD = 7900;

/** Carries realtime events between app servers that share one PostgreSQL database. */
export async function connectPostgresBridge(connectionString: string, hub: RealtimeHub): Promise<RealtimeBridge> {
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  listener.on('notification', (notification) => {
    if (notification.channel === CHANNEL && notification.payload) hub.deliver(notification.payload);
  });
  await listener.query(`listen ${CHANNEL}`);
  const publisher = new pg.Pool({ connectionString, max: 1 });
  return {
    async broadcast(message) {
      if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error('A realtime event is too large to send between servers.');
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, message]);
    },
    async close() {
      await listener.end();
      await publisher.end();
    },
  };
}
