import { POPUP_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { FloorLayout } from './FloorLayout';

export interface FloorLayoutPopupProps {
  initialLayer?: number;
  /** Opens this space's details once the floor has loaded. */
  focusSpaceId?: number;
}

/** The floor layout screen as a popup: the admin toolbar is hidden (spec 02 §2). */
export function FloorLayoutPopup({ initialLayer = 0, focusSpaceId, popup }: PopupComponentProps<FloorLayoutPopupProps, 'closed'>) {
  return (
    <PopupFrame
      title="Floor Layout"
      onClose={() => popup.resolve('closed')}
      footer={
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => popup.resolve('closed')}>
          Close
        </button>
      }
    >
      <FloorLayout popupMode initialLayer={initialLayer} {...(focusSpaceId === undefined ? {} : { focusSpaceId })} />
    </PopupFrame>
  );
}
