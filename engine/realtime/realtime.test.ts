import { describe, expect, it, vi } from 'vitest';
import { dispatchRealtimeMessage, onRealtimeEvent } from './realtimeEvents';
import { realtimeUrl, retryDelay } from './useRealtimeConnection';

describe('realtime events', () => {
  it('hands a message to the listeners of its type and to catch-all listeners', () => {
    const typed = vi.fn();
    const all = vi.fn();
    const stopTyped = onRealtimeEvent('order.paid', typed);
    const stopAll = onRealtimeEvent('*', all);
    dispatchRealtimeMessage(JSON.stringify({ type: 'order.paid', data: { id: 1 } }));
    dispatchRealtimeMessage(JSON.stringify({ type: 'other', data: null }));
    expect(typed).toHaveBeenCalledTimes(1);
    expect(typed).toHaveBeenCalledWith({ type: 'order.paid', data: { id: 1 } });
    expect(all).toHaveBeenCalledTimes(2);
    stopTyped();
    stopAll();
    dispatchRealtimeMessage(JSON.stringify({ type: 'order.paid', data: null }));
    expect(typed).toHaveBeenCalledTimes(1);
  });

  it('ignores malformed frames', () => {
    const all = vi.fn();
    const stop = onRealtimeEvent('*', all);
    dispatchRealtimeMessage('not json');
    dispatchRealtimeMessage(JSON.stringify({ nope: true }));
    expect(all).not.toHaveBeenCalled();
    stop();
  });

  it('builds the socket address and backs off', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'mall.example:8443' })).toBe('wss://mall.example:8443/api/nexopos/v4/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/nexopos/v4/realtime');
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30000]);
  });
});
