import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { fieldErrors } from '../../server/plugins/validation';

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

function errorsFor(schema: object, data: unknown) {
  const validate = ajv.compile(schema);
  validate(data);
  return fieldErrors(validate.errors ?? []);
}

describe('field errors from schema violations', () => {
  const schema = Type.Object(
    {
      email: Type.String({ format: 'email' }),
      name: Type.String({ minLength: 1, maxLength: 5 }),
      lines: Type.Array(Type.Object({ quantity: Type.Number({ minimum: 1 }) })),
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    },
    { additionalProperties: false },
  );

  it('uses the spec wording and dotted paths', () => {
    expect(errorsFor(schema, { email: 'nope', name: '', lines: [{ quantity: 0 }], kind: 'c', junk: 1 })).toEqual({
      email: ['This field must contain a valid email address.'],
      name: ['This field is required.'],
      'lines.0.quantity': ['This field must be at least 1.'],
      kind: ['This field has a value that is not allowed.'],
      junk: ['This field is not allowed.'],
    });
  });

  it('reports missing fields by name', () => {
    expect(Object.keys(errorsFor(schema, {}))).toEqual(['email', 'name', 'lines', 'kind']);
  });
});
