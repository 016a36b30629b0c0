import { Type } from '@sinclair/typebox';
import { DELIVERY_STATUSES, PROCESS_STATUSES } from './wire';

export const VoidBodySchema = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });
export const ProcessingBodySchema = Type.Object({ process_status: Type.Union(PROCESS_STATUSES.map((s) => Type.Literal(s))) }, { additionalProperties: false });
export const DeliveryBodySchema = Type.Object({ delivery_status: Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s))) }, { additionalProperties: false });
