import {
  createErrorHandler,
  deepEquals,
  getDefaultFormState,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { FormValues } from '../../schemas/form/validate';

/**
 * rjsf's validator without AJV. The engine's messages all come from customValidate (the shared
 * schemas/form/validate.ts) and dropSchemaErrors throws AJV's away, so compiling every form's schema
 * with AJV and running it on each submit was work for nothing. rjsf still asks `isValid` while it
 * resolves a schema: which option of a oneOf/anyOf the value is (a select's `oneOf: [{const, title}]`,
 * for its default) and which branch of an if/then/else or a dependency applies. `matchesSchema` answers
 * that for the keywords toJsonSchema writes (and the common ones around them); a keyword it does not
 * know does not make a value fail.
 */

type Schema = RJSFSchema | boolean;

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

function resolveRef(ref: string, root: RJSFSchema): Schema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'object' || typeof node === 'boolean' ? (node as Schema) : undefined;
}

function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern this engine cannot read says nothing about the value.
    return true;
  }
}

/** Whether `value` satisfies `schema` (the subset of JSON Schema rjsf's option and condition matching needs). */
export function matchesSchema(schema: Schema | undefined, value: unknown, root: RJSFSchema): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if (schema.$ref !== undefined) {
    const target = resolveRef(schema.$ref, root);
    if (target !== undefined && !matchesSchema(target, value, root)) return false;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => typeMatches(type, value))) return false;
  }
  if ('const' in schema && !deepEquals(schema.const, value)) return false;
  if (schema.enum && !schema.enum.some((option) => deepEquals(option, value))) return false;
  if (schema.allOf && !schema.allOf.every((part) => matchesSchema(part as Schema, value, root))) return false;
  if (schema.anyOf && !schema.anyOf.some((part) => matchesSchema(part as Schema, value, root))) return false;
  if (schema.oneOf && schema.oneOf.filter((part) => matchesSchema(part as Schema, value, root)).length !== 1) return false;
  if (schema.not !== undefined && matchesSchema(schema.not as Schema, value, root)) return false;
  if (schema.if !== undefined) {
    const branch = matchesSchema(schema.if as Schema, value, root) ? schema.then : schema.else;
    if (branch !== undefined && !matchesSchema(branch as Schema, value, root)) return false;
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !patternMatches(schema.pattern, value)) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.uniqueItems && value.some((item, index) => value.findIndex((other) => deepEquals(other, item)) !== index)) return false;
    const { items } = schema;
    if (Array.isArray(items)) {
      if (!items.every((item, index) => index >= value.length || matchesSchema(item as Schema, value[index], root))) return false;
    } else if (items !== undefined && !value.every((item) => matchesSchema(items as Schema, item, root))) return false;
  }
  if (typeMatches('object', value)) {
    const object = value as Record<string, unknown>;
    if (schema.required && !schema.required.every((key) => key in object)) return false;
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (key in object && !matchesSchema(property as Schema, object[key], root)) return false;
    }
    if (schema.additionalProperties === false && schema.properties) {
      if (Object.keys(object).some((key) => !(key in schema.properties!))) return false;
    }
    if (schema.dependencies) {
      for (const [key, dependency] of Object.entries(schema.dependencies)) {
        if (!(key in object)) continue;
        if (Array.isArray(dependency) ? !dependency.every((name) => name in object) : !matchesSchema(dependency as Schema, value, root)) return false;
      }
    }
  }
  return true;
}

export const formValidator: ValidatorType<FormValues> = {
  validateFormData(
    formData,
    schema,
    customValidate?: CustomValidator<FormValues>,
    transformErrors?: ErrorTransformer<FormValues>,
    uiSchema?: UiSchema<FormValues>,
  ): ValidationData<FormValues> {
    const errors = transformErrors ? transformErrors([], uiSchema) : [];
    if (typeof customValidate !== 'function') return { errors, errorSchema: {} };
    // As rjsf's AJV validator does: custom validation sees every field, the empty ones as undefined.
    const values = (getDefaultFormState<FormValues>(formValidator, schema, formData, schema, true) ?? {}) as FormValues;
    const handler = customValidate(values, createErrorHandler<FormValues>(values), uiSchema, {});
    return validationDataMerge<FormValues>({ errors, errorSchema: {} }, unwrapErrorHandler<FormValues>(handler));
  },
  isValid(schema, formData, rootSchema) {
    return matchesSchema(schema, formData, rootSchema);
  },
  rawValidation() {
    return { errors: [] };
  },
};
