import { Type, type Static } from '@sinclair/typebox';

/** ?paper=a4 prints on a sheet; the default is an 80 mm thermal roll. */
export const ReceiptQuerySchema = Type.Object({
  paper: Type.Optional(Type.Union([Type.Literal('80mm'), Type.Literal('a4')])),
});
export type ReceiptQuery = Static<typeof ReceiptQuerySchema>;

/** Receipt kinds, as the printing options name them (spec 01 §3, spec 03 §7). */
export const RECEIPT_KINDS = ['sale', 'payment', 'refund'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
