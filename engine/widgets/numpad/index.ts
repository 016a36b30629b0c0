export { Numpad, type NumpadProps } from './Numpad';
export { useNumpadKeyboard } from './useNumpadKeyboard';
export {
  initialNumpadState,
  numpadActionForKey,
  numpadDisplay,
  numpadReducer,
  numpadValue,
  PERCENTAGE_CAP,
  type NumpadAction,
  type NumpadMode,
  type NumpadOptions,
  type NumpadState,
} from './numpadReducer';
