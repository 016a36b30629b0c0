import { Type, type Static } from '@sinclair/typebox';

/** What a field error is about: a failed rule of spec 01 §5, or `invalid` for any other refusal. */
export const FormErrorIdentifierSchema = Type.Union([
  Type.Literal('required'),
  Type.Literal('email'),
  Type.Literal('min'),
  Type.Literal('max'),
  Type.Literal('invalid'),
]);
export type FormErrorIdentifier = Static<typeof FormErrorIdentifierSchema>;

/**
 * One field error, the spec's "Form error item" (spec 01 §3): the form engine builds these from its
 * own rules and reads them from the server's envelope. `name` is the field's key: the main field's
 * name or 'tab.field' in a form; the body path ('products.0.quantity') in a server answer.
 */
export const FormErrorItemSchema = Type.Object({
  identifier: FormErrorIdentifierSchema,
  invalid: Type.Literal(true),
  message: Type.String(),
  name: Type.String(),
});
export type FormErrorItem = Static<typeof FormErrorItemSchema>;

/** The one error envelope every failing route answers. */
export const ErrorEnvelopeSchema = Type.Object({
  status: Type.Literal('failed'),
  message: Type.String(),
  /** Messages keyed by field: what clients read before the items existed, kept for them. */
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** The same refusals as form error items, in the order of `errors`. */
  field_errors: Type.Optional(Type.Array(FormErrorItemSchema)),
});

export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

/**
 * Messages keyed by field as form error items. The server has no rule of the client's to name, so
 * every item is `invalid`, as spec 01 §5 has the client map server errors.
 */
export function formErrorItemsOf(errors: Readonly<Record<string, readonly string[]>>): FormErrorItem[] {
  return Object.entries(errors).flatMap(([name, messages]) =>
    messages.map((message) => ({ identifier: 'invalid' as const, invalid: true as const, message, name })),
  );
}

export const SuccessMessageSchema = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
});
export type SuccessMessage = Static<typeof SuccessMessageSchema>;
