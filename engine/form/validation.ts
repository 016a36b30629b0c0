import type { CustomValidator, ErrorTransformer, FormValidation } from '@rjsf/utils';
import type { FieldRule } from '../../schemas/crud/declaration';
import type { FormErrorItem } from '../../schemas/errors';
import type { Form } from '../../schemas/form/field';
import { formFailures, type FormValues } from '../../schemas/form/validate';
import { errorTreeOf } from './errorTree';

/** Spec 01 §5: what a blocked submit says unless the page supplies its own message. */
export const INVALID_FORM_MESSAGE = 'No error message provided for having an invalid form.';

/** The form's own refusals as form error items (spec 01 §3): the failed rule's identifier, named by the field's key. */
export function formErrorItemsFor(form: Form, values: FormValues, fieldRules: readonly FieldRule[] = []): FormErrorItem[] {
  return Object.entries(formFailures(form, values, fieldRules)).flatMap(([name, failures]) =>
    failures.map(({ identifier, message }) => ({ identifier, invalid: true as const, message, name })),
  );
}

/**
 * rjsf's customValidate running the SHARED rules (schemas/form/validate.ts), the same code the
 * server runs, so one bad input fails on both sides with the same message.
 */
export function customValidateFor(form: Form, fieldRules: readonly FieldRule[] = []): CustomValidator<FormValues> {
  return (formData) => errorTreeOf(formErrorItemsFor(form, formData ?? {}, fieldRules)) as unknown as FormValidation<FormValues>;
}

/** The JSON Schema keywords document the rules; their AJV wording is dropped, the shared rules word every message. */
export const dropSchemaErrors: ErrorTransformer = () => [];
