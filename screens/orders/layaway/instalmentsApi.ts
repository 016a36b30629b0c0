import { http } from '../../../engine/http';
import type { InstalmentAnswer, OrderAnswer } from '../../../schemas/orders/api';
import { serverFailure } from '../refunds';

/**
 * The instalment calls of spec 03 §7. Every failure rejects with the server's message, or 'An unexpected error
 * has occurred' (spec 03 §8), and keeps the HTTP status: 409 on pay means the instalment is not due yet.
 */
async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    throw serverFailure(error);
  }
}

interface Answer {
  status: 'success';
  message: string;
}

export function fetchInstalments(orderId: number): Promise<InstalmentAnswer[]> {
  return call(() => http.get<InstalmentAnswer[]>(`/orders/${orderId}/instalments`, { silent: true }));
}

export function createInstalment(orderId: number, instalment: { date: string; amount: number }): Promise<Answer> {
  return call(() => http.post<Answer>(`/orders/${orderId}/instalments`, { instalment }, { silent: true }));
}

export function updateInstalment(orderId: number, instalmentId: number, instalment: { date?: string; amount?: number }): Promise<Answer> {
  return call(() => http.put<Answer>(`/orders/${orderId}/instalments/${instalmentId}`, { instalment }, { silent: true }));
}

export function deleteInstalment(orderId: number, instalmentId: number): Promise<Answer> {
  return call(() => http.delete<Answer>(`/orders/${orderId}/instalments/${instalmentId}`, { silent: true }));
}

export interface InstalmentPayAnswer extends Answer {
  data: { payment: { id: number }; order: OrderAnswer };
}

export function payInstalment(orderId: number, instalmentId: number, paymentType: string): Promise<InstalmentPayAnswer> {
  return call(() => http.post<InstalmentPayAnswer>(`/orders/${orderId}/instalments/${instalmentId}/pay`, { payment_type: paymentType }, { silent: true }));
}
