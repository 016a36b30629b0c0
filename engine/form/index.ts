export { SchemaForm, type SchemaFormProps } from './SchemaForm';
export { CrudForm, MISSING_SUBMIT_URL_MESSAGE, SAVED_MESSAGE, SUBMIT_ERROR_DURATION, type CrudFormProps } from './CrudForm';
export { useFormConfig, LOAD_ERROR_ACTION } from './useFormConfig';
export { mapServerErrors, type ErrorTree, type MappedServerErrors } from './mapServerErrors';
export { INVALID_FORM_MESSAGE, customValidateFor, dropSchemaErrors, errorTreeOf } from './validation';
export { createFormUiStore, useFormUi, type FormUiState, type FormUiStore } from './formUiStore';
export { RegistryField } from './RegistryField';
export { rjsfFields } from './rjsfFields';
export { ENGINE_TEMPLATES } from './templates';
