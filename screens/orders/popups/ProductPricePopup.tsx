import { openPopup, type PopupComponentProps, PopupFrame } from '../../../engine/popups';
import { Numpad, useIsTopPopup } from '../../../engine/widgets';
import { answerOrNull } from './answerOrNull';
import { AMOUNT_NUMPAD, useNumpadVariant, type NumpadVariant } from './useNumpadVariant';

export interface ProductPricePopupProps {
  current: number;
  /** Forces a numpad variant instead of option ns_pos_numpad. */
  numpad?: NumpadVariant;
}

/** Spec 03 §2, §5 Product Price popup: default or advanced numpad by ns_pos_numpad; 0 or below is ignored. */
export function ProductPricePopup({ current, numpad, popup }: PopupComponentProps<ProductPricePopupProps, number>) {
  const onTop = useIsTopPopup(popup);
  const variant = useNumpadVariant(numpad);
  return (
    <PopupFrame title="Product Price" onClose={popup.close}>
      <Numpad
        key={variant}
        label="Product Price"
        {...AMOUNT_NUMPAD[variant]}
        initialValue={current}
        keyboard={onTop}
        onSubmit={(price) => price > 0 && popup.resolve(price)}
      />
    </PopupFrame>
  );
}

/** Opens the Product Price popup; null when closed without an answer. */
export function openProductPricePopup(current: number): Promise<number | null> {
  return answerOrNull(openPopup<number, ProductPricePopupProps>(ProductPricePopup, { current }));
}
