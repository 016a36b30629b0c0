import { useEffect } from 'react';
import { useOptions } from '../session';
import { dispatchRealtimeMessage } from './realtimeEvents';

const MAX_RETRY_DELAY_MS = 30_000;

/** The websocket address of the realtime route, on the page's own host. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/nexopos/v4/realtime`;
}

/** Delay before the nth reconnection attempt: doubling from 1 s, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.max(0, attempt));
}

/**
 * Opens the realtime connection only when the server's configuration enables it (spec 01 §1),
 * reconnecting with back-off; events go to onRealtimeEvent listeners.
 */
export function useRealtimeConnection(): void {
  const options = useOptions();
  const enabled = options.data?.ns_realtime_enabled === true;
  useEffect(() => {
    if (!enabled) return undefined;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(realtimeUrl(window.location));
      socket.onopen = () => {
        attempt = 0;
      };
      socket.onmessage = (event) => dispatchRealtimeMessage(String(event.data));
      socket.onclose = () => {
        if (stopped) return;
        timer = setTimeout(connect, retryDelay(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [enabled]);
}
