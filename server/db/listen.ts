import pg from 'pg';

export interface ListenOptions {
  connectionString: string;
  channel: string;
  /** How the connection shows in pg_stat_activity, so an operator (or a test) can tell it apart. */
  applicationName: string;
  onNotify(payload: string): void;
  /** The connection failed or could not be opened again; another attempt follows. */
  onLost(error: Error): void;
  /** Listening again after a loss: whatever was announced in between was missed. */
  onListeningAgain?(): void;
}

const RECONNECT_DELAY_MS = 500;

/**
 * LISTENs on one PostgreSQL channel for as long as the app server runs. The connection can be lost (a
 * database restart, a failover, an administrator ending it); an unhandled 'error' from it would end the
 * whole process, so the loss is reported through onLost and the channel is listened to again after a
 * short delay, until close().
 */
export async function listenResiliently(options: ListenOptions): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const listenAgainLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen().then(
        () => options.onListeningAgain?.(),
        (error: Error) => {
          options.onLost(error);
          listenAgainLater();
        },
      );
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: options.connectionString, application_name: options.applicationName });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost || closed) return;
      lost = true;
      if (error) options.onLost(error);
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      listenAgainLater();
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (notification) => {
      if (notification.channel === options.channel) options.onNotify(notification.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${options.channel}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => undefined);
      throw error;
    }
    if (closed) await client.end();
    else listener = client;
  }

  await listen();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listener?.end();
    },
  };
}
