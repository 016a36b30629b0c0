export { PHONE_MASK, applyPhoneMask } from './phoneMask';
export { DecimalInput, parseDecimalDraft } from './DecimalInput';
export * from './numpad';
export * from './paginator';
export * from './notice';
export * from './datetime';
export * from './richtext';
export * from './popups';
export * from './icons';
