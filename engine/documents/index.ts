export { UploadDocumentPopup, type UploadDocumentPopupProps } from './UploadDocumentPopup';
export { openUploadDocument } from './openUploadDocument';
export { DocumentList, type DocumentListProps } from './DocumentList';
export { useDocuments } from './useDocuments';
export { DOCUMENT_GENERATED_MESSAGE, notifyDocumentGenerated } from './documentNotices';
export { deleteDocument, documentQueryKeys, fetchDocuments, uploadDocument, type Document, type DocumentUpload } from './documentsApi';
export {
  addTemporaryDocument,
  clearTemporaryDocuments,
  removeTemporaryDocument,
  TEMP_DOCUMENTS_TTL_MS,
  temporaryDocumentIds,
  tempDocumentsKey,
} from './tempDocuments';
