import type { Static } from '@sinclair/typebox';
import { PaymentInputSchema } from './checkout';

export const AddPaymentBodySchema = PaymentInputSchema;
export type AddPaymentBody = Static<typeof AddPaymentBodySchema>;
