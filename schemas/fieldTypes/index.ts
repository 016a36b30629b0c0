export type { FieldTypeDefinition, FieldTypeRegistration, StorageColumn } from './definition';
export {
  fieldTypeDefinition,
  fieldTypeFailure,
  isRegisteredFieldType,
  registerFieldType,
  registeredFieldTypeNames,
  storageColumnOf,
  storesJson,
} from './registry';
export { FIELD_TYPE_MESSAGES, maximumMessage, minimumMessage } from './messages';
export { PHONE_MASK, MAX_YEAR, MIN_YEAR, parseRange, parseRangeEnd, rangesOverlap, type MillisecondRange } from './formats';
