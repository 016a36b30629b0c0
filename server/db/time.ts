/** Current UTC time as stored: 'YYYY-MM-DD HH:mm:ss'. */
export function nowUtc(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A stored UTC time `minutes` from now. */
export function minutesFromNow(minutes: number, from: Date = new Date()): string {
  return nowUtc(new Date(from.getTime() + minutes * 60_000));
}
