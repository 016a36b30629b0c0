/** A server event delivered over the realtime connection. */
export interface RealtimeMessage {
  type: string;
  data: unknown;
}

type Listener = (message: RealtimeMessage) => void;

const listeners = new Map<string, Set<Listener>>();

/** Subscribes to events of one type ('*' for all); answers the unsubscribe function. */
export function onRealtimeEvent(type: string, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  return () => set.delete(listener);
}

/** Hands a received message to its listeners; malformed frames are ignored (messages are not shown, spec 01 §1). */
export function dispatchRealtimeMessage(raw: string): void {
  let message: RealtimeMessage;
  try {
    message = JSON.parse(raw) as RealtimeMessage;
  } catch {
    return;
  }
  if (typeof message?.type !== 'string') return;
  for (const listener of [...(listeners.get(message.type) ?? []), ...(listeners.get('*') ?? [])]) listener(message);
}
