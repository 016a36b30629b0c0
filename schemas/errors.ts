import { Type, type Static } from '@sinclair/typebox';

/** One field error, keyed by `tab.field` (or the body path for plain routes). */
export const FieldErrorSchema = Type.Object({
  identifier: Type.Union([Type.Literal('required'), Type.Literal('email'), Type.Literal('min'), Type.Literal('max'), Type.Literal('invalid')]),
  message: Type.String(),
});

/** The one error envelope every failing route answers. */
export const ErrorEnvelopeSchema = Type.Object({
  status: Type.Literal('failed'),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

export const SuccessMessageSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
});
export type SuccessMessage = Static<typeof SuccessMessageSchema>;
