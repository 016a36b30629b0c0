import { formatTagRequests, type TagRequest } from '../../../schemas/tags/items';
import type { TagLayoutName } from '../../../schemas/tags/layout';

/** The server-rendered page of tags (GET tags/{namespace}/print) that the hidden frame prints. */
export function tagPrintUrl(apiBase: string, namespace: string, layout: TagLayoutName, start: number, requests: readonly TagRequest[]): string {
  const query = new URLSearchParams({ layout, ...(layout === 'sheet' ? { start: String(start) } : {}), items: formatTagRequests(requests) });
  return `${apiBase}/tags/${encodeURIComponent(namespace)}/print?${query.toString().replaceAll('%2C', ',')}`;
}
