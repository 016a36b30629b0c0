import pg from 'pg';
import type { RealtimeBridge, RealtimeHub } from './hub';

const CHANNEL = 'pos_realtime';
/** NOTIFY payloads are limited to 8000 bytes; events carry ids and short texts, never documents. */
const MAX_PAYLOAD = 7900;
/** How the listening connection shows in pg_stat_activity, so an operator (or a test) can tell it apart. */
export const LISTENER_APPLICATION_NAME = 'pos-realtime-listener';
const RECONNECT_DELAY_MS = 500;

/**
 * Carries realtime events between app servers that share one PostgreSQL database.
 *
 * The listening connection can be lost (a database restart, a failover, an administrator ending it). An
 * unhandled 'error' from it would end the whole app server, so the loss is reported through onError and
 * the bridge listens again after a short delay. Events sent while it is away are not replayed: they are
 * prompts to refetch, and screens read the truth from the API.
 */
export async function connectPostgresBridge(connectionString: string, hub: RealtimeHub, onError: (error: Error) => void): Promise<RealtimeBridge> {
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const listenAgainLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen().catch((error: Error) => {
        onError(error);
        listenAgainLater();
      });
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost || closed) return;
      lost = true;
      if (error) onError(error);
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      listenAgainLater();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (notification) => {
      if (notification.channel === CHANNEL && notification.payload) hub.deliver(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) await client.end();
    else listener = client;
  }

  await listen();
  const publisher = new pg.Pool({ connectionString, max: 1 });
  // An idle pooled connection that the server ends is discarded by the pool; the next query opens another.
  publisher.on('error', onError);
  return {
    async broadcast(message) {
      if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error('A realtime event is too large to send between servers.');
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, message]);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end();
      await publisher.end();
    },
  };
}
