import type { CustomValidator, ErrorTransformer, FormValidation } from '@rjsf/utils';
import type { FieldRule } from '../../schemas/crud/declaration';
import type { Form } from '../../schemas/form/field';
import { validateForm, type FormValues } from '../../schemas/form/validate';
import type { ErrorTree } from './mapServerErrors';

/** Spec 01 §5: what a blocked submit says unless the page supplies its own message. */
export const INVALID_FORM_MESSAGE = 'No error message provided for having an invalid form.';

/** Error messages keyed 'tab.field' (or the main field's name) as rjsf's error tree. */
export function errorTreeOf(messages: Record<string, readonly string[]>): ErrorTree {
  const tree: ErrorTree = {};
  for (const [key, list] of Object.entries(messages)) {
    let node = tree;
    for (const segment of key.split('.')) {
      if (node[segment] === undefined || Array.isArray(node[segment])) node[segment] = {};
      node = node[segment] as ErrorTree;
    }
    node.__errors = [...(node.__errors ?? []), ...list];
  }
  return tree;
}

/**
 * rjsf's customValidate running the SHARED validateForm (schemas/form/validate.ts), the same code
 * the server runs, so one bad input fails on both sides with the same message.
 */
export function customValidateFor(form: Form, fieldRules: readonly FieldRule[] = []): CustomValidator<FormValues> {
  return (formData) => errorTreeOf(validateForm(form, formData ?? {}, fieldRules)) as unknown as FormValidation<FormValues>;
}

/** The JSON Schema keywords document the rules; their AJV wording is dropped, validateForm words every message. */
export const dropSchemaErrors: ErrorTransformer = () => [];
