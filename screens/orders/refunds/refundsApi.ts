import { http, messageOf, statusOf } from '../../../engine/http';
import type { Field } from '../../../schemas/form/field';
import type { OrderAnswer, PaymentTypeAnswer, RefundAnswer, RefundBody, RegisterOptionAnswer } from '../../../schemas/orders/api';
import type { PaymentStatus } from '../../../schemas/paymentStatus';

/** A failure carrying the server's message (spec 03 §8) and its HTTP status, as the machines read it. */
export function serverFailure(error: unknown): Error {
  const status = statusOf(error);
  return Object.assign(new Error(messageOf(error)), status === undefined ? {} : { status });
}

/** GET /orders/payments: the active payment types (refund gateways, instalment payment types). */
export async function fetchPaymentTypes(): Promise<PaymentTypeAnswer[]> {
  return (await http.get<PaymentTypeAnswer[]>('/orders/payments')).data;
}

/** GET /cash-registers/types: the registers a refund can come from. */
export async function fetchRegisters(): Promise<RegisterOptionAnswer[]> {
  return (await http.get<RegisterOptionAnswer[]>('/cash-registers/types')).data;
}

/** GET /fields/ns.refund-product: the refund product popup's field definitions. */
export async function fetchRefundProductFields(): Promise<Field[]> {
  return (await http.get<Field[]>('/fields/ns.refund-product')).data;
}

export interface RefundAnswerEnvelope {
  status: 'success';
  message: string;
  data: { order: OrderAnswer & { payment_status: PaymentStatus }; orderRefund: { id: number } };
}

/** POST /orders/{id}/refund; a failure rejects with the server's message (the machine shows it). */
export async function postRefund(orderId: number, body: RefundBody): Promise<RefundAnswerEnvelope> {
  try {
    return (await http.post<RefundAnswerEnvelope>(`/orders/${orderId}/refund`, body, { silent: true })).data;
  } catch (error) {
    throw serverFailure(error);
  }
}

/** GET /orders/{id}/refunds; a failure rejects with the server's message (spec 03 §8 "Refund list"). */
export async function fetchRefunds(orderId: number): Promise<RefundAnswer[]> {
  try {
    return (await http.get<{ refunds: RefundAnswer[] }>(`/orders/${orderId}/refunds`, { silent: true })).data.refunds;
  } catch (error) {
    throw serverFailure(error);
  }
}
