import { PopupDismissed, openPopup, registerPopup } from '../popups';
import type { Document } from './documentsApi';
import { UploadDocumentPopup, type UploadDocumentPopupProps } from './UploadDocumentPopup';

registerPopup('upload-document', UploadDocumentPopup);

/** Opens 'Upload Document'; answers the saved document, or null when the popup is closed. */
export async function openUploadDocument(props: UploadDocumentPopupProps): Promise<Document | null> {
  try {
    return await openPopup<Document, UploadDocumentPopupProps>('upload-document', props);
  } catch (error) {
    if (error instanceof PopupDismissed) return null;
    throw error;
  }
}
