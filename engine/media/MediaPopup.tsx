import { PopupFrame, type PopupComponentProps } from '../popups';
import type { Media } from './mediaApi';
import { MediaManager } from './MediaManager';

/** The media manager as a popup (registered as 'media'): resolves with the selected media. */
export function MediaPopup({ popup }: PopupComponentProps<object, Media[]>) {
  return (
    <PopupFrame title="Media Manager" onClose={popup.close}>
      <MediaManager onUseSelected={(selected) => popup.resolve(selected)} />
    </PopupFrame>
  );
}

/** A wide popup: the gallery needs room for its grid and preview. */
export const MEDIA_POPUP_WIDTH = 'min(95vw, 64rem)';
