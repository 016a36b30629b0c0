// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  addTemporaryDocument,
  clearTemporaryDocuments,
  removeTemporaryDocument,
  TEMP_DOCUMENTS_TTL_MS,
  temporaryDocumentIds,
  tempDocumentsKey,
} from './tempDocuments';

afterEach(() => localStorage.clear());

describe('temporary documents', () => {
  it('are kept for 3,600,000 ms (1 hour) from the first upload', () => {
    expect(TEMP_DOCUMENTS_TTL_MS).toBe(3_600_000);
    addTemporaryDocument('vendor', 4, 1_000);
    addTemporaryDocument('vendor', 9, 1_000 + 60_000);
    expect(temporaryDocumentIds('vendor', 1_000 + TEMP_DOCUMENTS_TTL_MS - 1)).toEqual([4, 9]);
    expect(temporaryDocumentIds('vendor', 1_000 + TEMP_DOCUMENTS_TTL_MS)).toEqual([]);
    expect(localStorage.getItem(tempDocumentsKey('vendor'))).toBeNull();
  });

  it('keep one list per type and no duplicates', () => {
    addTemporaryDocument('vendor', 4, 0);
    addTemporaryDocument('vendor', 4, 0);
    addTemporaryDocument('customer', 5, 0);
    expect(temporaryDocumentIds('vendor', 10)).toEqual([4]);
    expect(temporaryDocumentIds('customer', 10)).toEqual([5]);
  });

  it('clear the entry when none remain, keeping the original hour otherwise', () => {
    addTemporaryDocument('vendor', 4, 0);
    addTemporaryDocument('vendor', 9, 0);
    expect(removeTemporaryDocument('vendor', 4, 1_800_000)).toEqual([9]);
    expect(temporaryDocumentIds('vendor', TEMP_DOCUMENTS_TTL_MS)).toEqual([]);
    addTemporaryDocument('vendor', 4, 0);
    expect(removeTemporaryDocument('vendor', 4, 10)).toEqual([]);
    expect(localStorage.getItem(tempDocumentsKey('vendor'))).toBeNull();
    expect(removeTemporaryDocument('vendor', 4, 10)).toEqual([]);
  });

  it('are forgotten once their record is saved', () => {
    addTemporaryDocument('vendor', 4, Date.now());
    clearTemporaryDocuments('vendor');
    expect(temporaryDocumentIds('vendor')).toEqual([]);
  });
});
