import './registerMediaPopup';
import { PopupDismissed, openPopup } from '../popups';
import type { Media } from './mediaApi';
import { MEDIA_POPUP_WIDTH } from './MediaPopup';

/** Opens the 'media' popup; answers the selected media, or [] when it is closed without a choice. */
export async function pickMedia(): Promise<Media[]> {
  try {
    return await openPopup<Media[]>('media', {}, { width: MEDIA_POPUP_WIDTH });
  } catch (error) {
    if (error instanceof PopupDismissed) return [];
    throw error;
  }
}
