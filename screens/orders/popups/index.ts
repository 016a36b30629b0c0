/** The cart popups shared by the till and the order line editor (spec 03 §2, §5). */
export { openDiscountPopup, DiscountPopup, type DiscountPopupProps, type DiscountPopupTitle } from './DiscountPopup';
export { openProductNamePopup, ProductNamePopup, type ProductNamePopupProps } from './ProductNamePopup';
export { openProductPricePopup, ProductPricePopup, type ProductPricePopupProps } from './ProductPricePopup';
export { openQuantityPopup, QuantityPopup, QUANTITY_MESSAGES, DEFAULT_QUANTITY, type QuantityPopupProps } from './QuantityPopup';
export { capDiscountValue, initialDiscountValue, DEFAULT_DISCOUNT, DISCOUNT_PERCENTAGE_CAP, type DiscountChoice, type DiscountKind } from './discountRules';
export { AMOUNT_NUMPAD, useNumpadVariant, type NumpadVariant } from './useNumpadVariant';
export { answerOrNull } from './answerOrNull';
export { openCheckInfoPopup, CheckInfoPopup, type CheckInfoPopupProps } from './CheckInfoPopup';
