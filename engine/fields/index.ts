export type { FieldOption, FieldProps } from './FieldProps';
export { getField, hasField, registerField, registeredFieldTypes, type FieldComponent } from './registry';
export { FieldFrame } from './FieldFrame';
export { INPUT_CLASSES, errorAttributes, fieldInputId } from './fieldControl';
export { FieldRenderer } from './FieldRenderer';
