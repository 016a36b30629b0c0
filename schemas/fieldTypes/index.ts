export { type FieldTypeDefinition, isRegisteredFieldType, registerFieldType, registeredFieldTypeNames, storesJson } from './registry';
