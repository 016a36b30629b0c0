import { http, messageOf } from '../../engine/http';
import { fetchVendors } from '../vendors';
import type { LineEdit, OrderAnswer, OrderStatusesAnswer, PaymentAnswer, PaymentFeeAnswer, PaymentInput, PaymentTypeAnswer } from '../../schemas/orders/api';
import type { VendorAccount } from '../../machines/orders/orderPaymentMachine';

/**
 * The Order Options popup's calls (spec 03 §7). Writes are silent: the machines and the popup show the
 * server's message themselves (spec 03 §8), rejecting with Error(server message).
 */
interface Envelope<T = undefined> {
  status: string;
  message: string;
  data: T;
}

async function quietly<T>(call: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await call()).data;
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

export const fetchOrder = (orderId: number) => quietly(() => http.get<OrderAnswer>(`/orders/${orderId}`, { silent: true }));

export const fetchOrderStatuses = () => quietly(() => http.get<OrderStatusesAnswer>('/orders/statuses', { silent: true }));

export const fetchPaymentTypes = () => quietly(() => http.get<PaymentTypeAnswer[]>('/orders/payments', { silent: true }));

/** The fee each payment type adds to an amount taken on this screen, by the rule the server charges with. */
export const fetchOrderPaymentFees = (amount: number) =>
  quietly(() => http.get<PaymentFeeAnswer[]>('/pos/payment-fees', { params: { amount, screen: 'order' }, silent: true }));

export const addOrderPayment = ({ orderId, ...payment }: PaymentInput & { orderId: number }) =>
  quietly(() => http.post<Envelope<{ payment: PaymentAnswer; order: OrderAnswer }>>(`/orders/${orderId}/payments`, payment, { silent: true })).then(
    (answer) => ({ message: answer.message, ...answer.data }),
  );

export const deleteOrderPayment = ({ orderId, paymentId }: { orderId: number; paymentId: number }) =>
  quietly(() => http.delete<Envelope<{ order: OrderAnswer }>>(`/orders/${orderId}/payment/${paymentId}`, { silent: true })).then((answer) => answer.data.order);

export const voidOrder = ({ orderId, reason }: { orderId: number; reason: string }) =>
  quietly(() => http.post<Envelope>(`/orders/${orderId}/void`, { reason }, { silent: true }));

export const deleteOrder = ({ orderId }: { orderId: number }) => quietly(() => http.delete<Envelope>(`/orders/${orderId}`, { silent: true }));

// Status changes reject with the request's own error: their fallback message differs (spec 03 §8, StatusEditor).
export const setProcessStatus = async (orderId: number, process_status: string) =>
  (await http.post<Envelope>(`/orders/${orderId}/processing`, { process_status }, { silent: true })).data;

export const setDeliveryStatus = async (orderId: number, delivery_status: string) =>
  (await http.post<Envelope>(`/orders/${orderId}/delivery`, { delivery_status }, { silent: true })).data;

export const updateOrderProducts = ({ orderId, products }: { orderId: number; products: LineEdit[] }) =>
  quietly(() => http.put<Envelope<{ order: OrderAnswer }>>(`/orders/${orderId}/product`, { products }, { silent: true })).then((answer) => answer.data.order);

/** Active vendors (users with a vendor_id) for the account payment and the line vendor. */
export async function fetchActiveVendors(search = ''): Promise<VendorAccount[]> {
  const vendors = await fetchVendors('active', search);
  return vendors.map(({ id, username, vendor_id }) => ({ id, username, vendor_id }));
}

/** The vendor's balance for the current month, as POST /smp/reports/vendor-sale-report answers it. */
export const fetchVendorBalance = ({ userId }: { userId: number }) =>
  quietly(() => http.post<{ balance: number }>('/smp/reports/vendor-sale-report', { type: 'products_report', user_id: userId }, { silent: true })).then(
    (answer) => Number(answer.balance),
  );
