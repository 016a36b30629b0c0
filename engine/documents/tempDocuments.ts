import { readLocalWithExpiry, removeLocal, writeLocalWithExpiry } from '../storage';

/** Spec 01 §9: temporary documents (custom_id 0) are remembered for 3,600,000 ms. */
export const TEMP_DOCUMENTS_TTL_MS = 3_600_000;

interface StoredTempDocuments {
  ids: number[];
  /** When the list was first written; removing an id keeps the original hour. */
  since: number;
}

/** One local-storage entry per document type (vendor, customer…). */
export function tempDocumentsKey(type: string): string {
  return `ns-temp-documents-${type}`;
}

function read(type: string, now: number): StoredTempDocuments | null {
  return readLocalWithExpiry<StoredTempDocuments | null>(tempDocumentsKey(type), null, now);
}

function write(type: string, stored: StoredTempDocuments, now: number): void {
  writeLocalWithExpiry(tempDocumentsKey(type), stored, stored.since + TEMP_DOCUMENTS_TTL_MS - now, now);
}

/** Ids of the temporary documents uploaded for a type within the last hour. */
export function temporaryDocumentIds(type: string, now: number = Date.now()): number[] {
  return read(type, now)?.ids ?? [];
}

/** Remembers a document uploaded before its record exists; the hour counts from the first upload kept. */
export function addTemporaryDocument(type: string, id: number, now: number = Date.now()): number[] {
  const stored = read(type, now) ?? { ids: [], since: now };
  const ids = stored.ids.includes(id) ? stored.ids : [...stored.ids, id];
  write(type, { ...stored, ids }, now);
  return ids;
}

/** Forgets a temporary document; the entry is removed when none remain (spec 01 §4). */
export function removeTemporaryDocument(type: string, id: number, now: number = Date.now()): number[] {
  const stored = read(type, now);
  if (!stored) return [];
  const ids = stored.ids.filter((candidate) => candidate !== id);
  if (ids.length === 0) removeLocal(tempDocumentsKey(type));
  else write(type, { ...stored, ids }, now);
  return ids;
}

/** Forgets every temporary document of a type (its record was saved and the documents attached). */
export function clearTemporaryDocuments(type: string): void {
  removeLocal(tempDocumentsKey(type));
}
