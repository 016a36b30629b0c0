import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from '../../http';

export const OrderParamsSchema = Type.Object({ id: IdSchema }, { additionalProperties: false });
export const OrderPaymentParamsSchema = Type.Object({ id: IdSchema, paymentId: IdSchema }, { additionalProperties: false });
export const OrderInstalmentParamsSchema = Type.Object({ id: IdSchema, instalmentId: IdSchema }, { additionalProperties: false });
export type OrderParams = Static<typeof OrderParamsSchema>;
export type OrderPaymentParams = Static<typeof OrderPaymentParamsSchema>;
export type OrderInstalmentParams = Static<typeof OrderInstalmentParamsSchema>;
