import { Type, type Static } from '@sinclair/typebox';
import { InstalmentInputSchema } from './checkout';
import { AmountSchema, DateSchema, PaymentIdentifierSchema } from './wire';

export const InstalmentBodySchema = Type.Object({ instalment: InstalmentInputSchema }, { additionalProperties: false });
export const InstalmentUpdateBodySchema = Type.Object(
  {
    instalment: Type.Object({ date: Type.Optional(DateSchema), amount: Type.Optional(AmountSchema) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export const InstalmentPayBodySchema = Type.Object({ payment_type: PaymentIdentifierSchema }, { additionalProperties: false });
export type InstalmentBody = Static<typeof InstalmentBodySchema>;
export type InstalmentUpdateBody = Static<typeof InstalmentUpdateBodySchema>;
export type InstalmentPayBody = Static<typeof InstalmentPayBodySchema>;

/** HTTP status of an instalment payment refused because its date is still ahead (spec 03 §8 dialog). */
export const INSTALMENT_NOT_DUE_STATUS = 409;
