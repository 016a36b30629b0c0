import './registerBuiltins';

export { PopupHost, DEFAULT_POPUP_WIDTH } from './PopupHost';
export { PopupFrame, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES } from './PopupFrame';
export { openPopup } from './openPopup';
export { askConfirm } from './askConfirm';
export { registerPopup, getPopup, hasPopup, type PopupComponent } from './registry';
export {
  createPopupStack,
  popupStack,
  PopupDismissed,
  POPUP_CLOSE_DELAY,
  type PopupComponentProps,
  type PopupControls,
  type PopupEntry,
  type PopupOptions,
  type PopupStack,
} from './popupStack';
export { BUILTIN_POPUPS } from './registerBuiltins';
export { AlertPopup, type AlertPopupProps } from './builtins/AlertPopup';
export { ConfirmPopup, type ConfirmPopupProps } from './builtins/ConfirmPopup';
export { PromptPopup, ADD_TO_CART_LABEL, type PromptAnswer, type PromptPopupProps } from './builtins/PromptPopup';
