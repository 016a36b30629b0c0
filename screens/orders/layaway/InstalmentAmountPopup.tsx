import { openPopup, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { Numpad, useIsTopPopup } from '../../../engine/widgets';
import { AMOUNT_NUMPAD, answerOrNull, useNumpadVariant } from '../popups';

export interface InstalmentAmountPopupProps {
  current: number;
}

/** The instalment amount numpad (default or advanced by ns_pos_numpad); Enter resolves with the amount. */
export function InstalmentAmountPopup({ current, popup }: PopupComponentProps<InstalmentAmountPopupProps, number>) {
  const onTop = useIsTopPopup(popup);
  const variant = useNumpadVariant();
  return (
    <PopupFrame title="Instalment Amount" onClose={popup.close}>
      <Numpad label="Instalment Amount" initialValue={current} {...AMOUNT_NUMPAD[variant]} keyboard={onTop} onSubmit={(value) => popup.resolve(value)} />
    </PopupFrame>
  );
}

export function openInstalmentAmountPopup(current: number): Promise<number | null> {
  return answerOrNull(openPopup<number, InstalmentAmountPopupProps>(InstalmentAmountPopup, { current }));
}
