/** Display formatting shared by the browser and the server (receipts): one module, used everywhere. */
export { currencySettingsFrom, type CurrencySettings } from './currency';
export { formatMoney } from './money';
export { abbreviate, formatNumber, type NumberFormat, type NumberSeparators } from './number';
export { DISPLAY_DATE, DISPLAY_DATE_TIME, displayTimeZone, formatDate, formatDateTime, setDisplayTimeZone } from './date';
export {
  businessDateOf,
  businessDaysRange,
  businessMonthRange,
  canonicalTimeZone,
  isTimeZone,
  machineTimeZone,
  nextDate,
  startOfBusinessDay,
  TIME_ZONE_MESSAGE,
  type BusinessDate,
} from './businessTime';
