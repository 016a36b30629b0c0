// The plain inputs the field types use, apart from the rest of the widgets (pickers, numpad, popups): a
// field imports them here so the first script does not take every widget with it.
export { DecimalInput, parseDecimalDraft } from '../DecimalInput';
export { PHONE_MASK, applyPhoneMask } from '../phoneMask';
