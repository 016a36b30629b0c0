import { PopupDismissed, openPopup } from '../popups';
import type { Document } from './documentsApi';
import type { UploadDocumentPopupProps } from './UploadDocumentPopup';
import './registerUploadDocument';

/** Opens 'Upload Document'; answers the saved document, or null when the popup is closed. */
export async function openUploadDocument(props: UploadDocumentPopupProps): Promise<Document | null> {
  try {
    return await openPopup<Document, UploadDocumentPopupProps>('upload-document', props);
  } catch (error) {
    if (error instanceof PopupDismissed) return null;
    throw error;
  }
}
