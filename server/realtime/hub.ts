import type { Role } from '../../schemas/roles';

export interface RealtimeEvent {
  type: string;
  data: unknown;
}

/** Who receives an event: users by id and/or everyone holding one of the roles. */
export interface Audience {
  userIds?: number[];
  roles?: Role[];
}

export interface Subscriber {
  userId: number;
  role: Role;
  send(text: string): void;
}

/** The delivery of an event to other app servers (PostgreSQL NOTIFY in scale-out mode). */
export interface RealtimeBridge {
  broadcast(message: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fans events out to the websocket clients of this process. With a bridge, publish() goes through the
 * bridge so every app server (this one included) delivers it to its own clients exactly once.
 */
export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();
  private bridge: RealtimeBridge | null = null;

  constructor(readonly enabled: boolean) {}

  useBridge(bridge: RealtimeBridge): void {
    this.bridge = bridge;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Sends an event to its audience on every app server; a no-op while realtime is off. */
  async publish(event: RealtimeEvent, audience: Audience): Promise<void> {
    if (!this.enabled) return;
    const message = JSON.stringify({ event, audience });
    if (this.bridge) await this.bridge.broadcast(message);
    else this.deliver(message);
  }

  /** Delivers a published message to the matching local subscribers. */
  deliver(message: string): void {
    const { event, audience } = JSON.parse(message) as { event: RealtimeEvent; audience: Audience };
    const text = JSON.stringify(event);
    for (const subscriber of this.subscribers) {
      const byUser = audience.userIds?.includes(subscriber.userId) ?? false;
      const byRole = audience.roles?.includes(subscriber.role) ?? false;
      if (byUser || byRole) subscriber.send(text);
    }
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    await this.bridge?.close();
  }
}
