export { CalendarPanel, type CalendarPanelProps, type DayMark } from './CalendarPanel';
export { DateTimePicker, PICKER_PANEL_CLASSES, type DateTimePickerProps } from './DateTimePicker';
export { DateRangePicker, type DateRangePickerProps } from './DateRangePicker';
export { TimeInputs } from './TimeInputs';
export { CALENDAR_VIEWS, MONDAY, monthGrid, weekdayNames, yearsPage, type CalendarView, type WeekStart } from './calendar';
export {
  clampHours,
  clampMinutes,
  DATETIME_FORMAT,
  formatPickerDateTime,
  isAcceptedYear,
  MAX_YEAR,
  MIN_YEAR,
  parsePickerDateTime,
  withTime,
  withYear,
} from './dateTimeRules';
export {
  acceptRange,
  formatRange,
  orderedRange,
  overlapsDisabled,
  parseRange,
  RANGE_DATE_FORMAT,
  RANGE_FORMAT,
  rangesOverlap,
  type DateRangeValue,
  type MomentRange,
} from './dateRange';
