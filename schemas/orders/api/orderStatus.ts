import { Type } from '@sinclair/typebox';
import { DELIVERY_STATUSES, DELIVERY_STATUS_LABELS, PROCESS_STATUSES, PROCESS_STATUS_LABELS } from './wire';

export const VoidBodySchema = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });
export const ProcessingBodySchema = Type.Object({ process_status: Type.Union(PROCESS_STATUSES.map((s) => Type.Literal(s))) }, { additionalProperties: false });
export const DeliveryBodySchema = Type.Object({ delivery_status: Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s))) }, { additionalProperties: false });

/** A status the Details tab's editors offer, with its label. */
export interface StatusChoice {
  value: string;
  label: string;
}

/** GET /orders/statuses: the processing and delivery statuses an order may take, in the order they are offered. */
export interface OrderStatusesAnswer {
  process: StatusChoice[];
  delivery: StatusChoice[];
}

export const ORDER_STATUSES_ANSWER: OrderStatusesAnswer = {
  process: PROCESS_STATUSES.map((value) => ({ value, label: PROCESS_STATUS_LABELS[value] })),
  delivery: DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_LABELS[value] })),
};
