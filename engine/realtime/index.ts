export { onRealtimeEvent, dispatchRealtimeMessage, type RealtimeMessage } from './realtimeEvents';
export { useRealtimeConnection, realtimeUrl, retryDelay } from './useRealtimeConnection';
