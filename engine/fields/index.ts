export type { FieldFormAccess, FieldOption, FieldProps } from './FieldProps';
export { getField, hasField, notRegisteredMessage, registerField, registeredFieldTypes, type FieldComponent } from './registry';
export { getComponent, hasComponent, registerComponent, type ExtraComponent } from './components';
export { FieldFrame } from './FieldFrame';
export { FieldBoundary } from './FieldBoundary';
export { INPUT_CLASSES, REQUIRED_MARK_CLASSES, errorAttributes, fieldInputId } from './fieldControl';
export { FieldRenderer } from './FieldRenderer';
export { createInputField } from './createInputField';
export { FieldMessages } from './FieldMessages';
