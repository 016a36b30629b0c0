import './register';

export { SelectPopup, type SelectPopupProps } from './SelectPopup';
export { ProcurementQuantityPopup, type ProcurementQuantityPopupProps } from './ProcurementQuantityPopup';
export { PosLoadingPopup, type PosLoadingPopupProps } from './PosLoadingPopup';
export { useIsTopPopup } from './useIsTopPopup';
export { WIDGET_POPUPS } from './register';
