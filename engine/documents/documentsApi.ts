import type { DocumentAnswer } from '../../schemas/documents';
import type { Paged } from '../../schemas/paged';
import { http } from '../http';

/** Spec 01 §3 Document (id, name, description, extension, download link `url`). */
export type Document = DocumentAnswer;

export interface DocumentUpload {
  file: File;
  /** The File Name typed in the popup; the server falls back to the file's own name. */
  filename: string;
  description: string;
  type: string;
  /** The record's id, 0 while the record is not saved yet (a temporary document). */
  custom_id: number;
}

export const documentQueryKeys = {
  all: ['documents'] as const,
  list: (type: string, customId: number, ids: readonly number[]) => ['documents', type, customId, ...ids] as const,
};

/** POST /documents (multipart: file, filename, description, type, custom_id), reporting progress in percent. */
export async function uploadDocument(upload: DocumentUpload, onProgress?: (percent: number) => void): Promise<{ message: string; document: Document }> {
  const body = new FormData();
  body.append('file', upload.file);
  body.append('filename', upload.filename);
  body.append('description', upload.description);
  body.append('type', upload.type);
  body.append('custom_id', String(upload.custom_id));
  const response = await http.post<{ message: string; data: { document: Document } }>('/documents', body, {
    onUploadProgress: (event) => {
      if (event.total && onProgress) onProgress((event.loaded / event.total) * 100);
    },
  });
  return { message: response.data.message, document: response.data.data.document };
}

/**
 * POST /documents/temp {type, ids, custom_id}: a saved record's documents (the temporary `ids` are
 * attached to it on the way), or with custom_id 0 the temporary documents among `ids`.
 */
export async function fetchDocuments(type: string, customId: number, ids: readonly number[]): Promise<Paged<Document>> {
  return (await http.post<Paged<Document>>('/documents/temp', { type, ids, custom_id: customId })).data;
}

/** DELETE /documents/{id}; answers the server's message ('Successfully Deleted The File'). */
export async function deleteDocument(id: number): Promise<string> {
  return (await http.delete<{ message: string }>(`/documents/${id}`)).data.message;
}
