import { MAX_TAGS_PER_ITEM, MAX_TAGS_PER_PRINT } from './layout';

export interface TagRequest {
  id: number;
  quantity: number;
}

export const TOO_MANY_TAGS_MESSAGE = `At most ${MAX_TAGS_PER_PRINT} tags can be printed at once, and ${MAX_TAGS_PER_ITEM} of one item.`;

/**
 * Reads 'id x quantity' pairs ('3x2,7x1'; the query schema has checked the shape): one entry per item
 * in the order first named, quantities of a repeated id added. Null when over the limits.
 */
export function parseTagRequests(text: string): TagRequest[] | null {
  const byId = new Map<number, number>();
  for (const pair of text.split(',')) {
    const [id, quantity] = pair.split('x').map(Number) as [number, number];
    byId.set(id, (byId.get(id) ?? 0) + quantity);
  }
  const requests = [...byId].map(([id, quantity]) => ({ id, quantity }));
  const total = requests.reduce((sum, request) => sum + request.quantity, 0);
  if (total > MAX_TAGS_PER_PRINT || requests.some((request) => request.quantity > MAX_TAGS_PER_ITEM)) return null;
  return requests;
}

/** The query value for parseTagRequests; items of quantity 0 are left out. */
export function formatTagRequests(requests: readonly TagRequest[]): string {
  return requests
    .filter((request) => request.quantity > 0)
    .map((request) => `${request.id}x${request.quantity}`)
    .join(',');
}
