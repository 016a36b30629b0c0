import { http, messageOf } from '../../engine/http';
import type { Paged } from '../../schemas/paged';
import type {
  CheckoutAnswer,
  CheckoutBody,
  CouponCheckAnswer,
  HeldOrderAnswer,
  LineEdit,
  OrderAnswer,
  PaymentFeeAnswer,
  PaymentInput,
  PaymentTypeAnswer,
  PosCategoryAnswer,
  PosProductAnswer,
  RegisterOptionAnswer,
} from '../../schemas/orders/api';
import { monthOf } from '../../schemas/vendors';
import { businessDateOf, displayTimeZone } from '../../schemas/format';
import type { OrderWriteAnswer } from '../../machines/orders/checkoutMachine';
import { checkoutBody, type Cart } from '../../machines/orders/checkoutCart';

/** The till's calls (issue 7 "The till"). Failures show the server's message through the http client's snackbar. */

export const POS_SEARCH_LIMIT = 20;

/** GET /pos/products: an exact barcode or sku first, then names starting with the text. */
export async function searchPosProducts(search: string, signal?: AbortSignal): Promise<PosProductAnswer[]> {
  const params = { search, limit: POS_SEARCH_LIMIT };
  return (await http.get<PosProductAnswer[]>('/pos/products', { params, ...(signal ? { signal } : {}) })).data;
}

/** Whether a product answered for a search is that exact barcode or sku (a scan adds it directly). */
export function isExactCode(product: PosProductAnswer, search: string): boolean {
  const code = search.trim();
  return code !== '' && (product.barcode === code || product.sku === code);
}

/** The product whose barcode or sku is exactly the scanned code, or null. */
export async function findProductByCode(code: string): Promise<PosProductAnswer | null> {
  return (await searchPosProducts(code)).find((product) => isExactCode(product, code)) ?? null;
}

/** GET /pos/categories: the product grid's tabs. */
export async function fetchPosCategories(): Promise<PosCategoryAnswer[]> {
  return (await http.get<PosCategoryAnswer[]>('/pos/categories')).data;
}

/** GET /pos/categories/{id}/products: one tab of the product grid. */
export async function fetchCategoryProducts(categoryId: number): Promise<PosProductAnswer[]> {
  return (await http.get<PosProductAnswer[]>(`/pos/categories/${categoryId}/products`)).data;
}

export async function fetchPaymentTypes(): Promise<PaymentTypeAnswer[]> {
  return (await http.get<PaymentTypeAnswer[]>('/orders/payments')).data;
}

/**
 * GET /pos/payment-fees: what each payment type charges for an amount, its fee included (the server's rule).
 * Silent: an amount the server refuses leaves the figure unanswered; the payment itself says why.
 */
export async function fetchPaymentFees(amount: number): Promise<PaymentFeeAnswer[]> {
  return (await http.get<PaymentFeeAnswer[]>('/pos/payment-fees', { params: { amount }, silent: true })).data;
}

export async function fetchRegisters(): Promise<RegisterOptionAnswer[]> {
  return (await http.get<RegisterOptionAnswer[]>('/cash-registers/types')).data;
}

export interface CustomerOption {
  id: number;
  name: string;
}
interface CustomerRow {
  $id: number;
  first_name: string | null;
  last_name: string | null;
  email?: string | null;
}

export const CUSTOMER_PAGE_SIZE = 10;

/** One page of the customers CRUD list searched on the server (never the whole table). */
export async function searchCustomers(search: string, signal?: AbortSignal): Promise<CustomerOption[]> {
  const params: Record<string, string | number> = { per_page: CUSTOMER_PAGE_SIZE, page: 1 };
  if (search.trim()) params.search = search.trim();
  const page = (await http.get<Paged<CustomerRow>>('/crud/ns.customers', { params, ...(signal ? { signal } : {}) })).data;
  return page.data.map((row) => ({ id: row.$id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || `#${row.$id}` }));
}

/** Runs a silent call; a failure rejects with the server's message (the machine shows it). */
async function withServerMessage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

/** GET /orders/{id}; `silent` when the caller shows the failure itself (then it rejects with the server's message). */
export async function fetchOrder(orderId: number, silent = false): Promise<OrderAnswer> {
  if (!silent) return (await http.get<OrderAnswer>(`/orders/${orderId}`)).data;
  return withServerMessage(async () => (await http.get<OrderAnswer>(`/orders/${orderId}`, { silent })).data);
}

/** POST /orders, or PUT /orders/{id} to complete (or re-park) an order on hold. Refusals reach the machine, silently here. */
export async function submitOrder({ body, heldOrderId }: { body: CheckoutBody; heldOrderId: number | null }): Promise<OrderWriteAnswer> {
  const response = await withServerMessage(() =>
    heldOrderId === null
      ? http.post<CheckoutAnswer>('/orders', body, { silent: true })
      : http.put<CheckoutAnswer>(`/orders/${heldOrderId}`, body, { silent: true }),
  );
  return { message: response.data.message, order: response.data.data.order };
}

/** PUT /orders/{id}/product with the payments of the difference, in one call. */
export async function updateOrderProducts({
  orderId,
  products,
  payments,
}: {
  orderId: number;
  products: LineEdit[];
  payments: PaymentInput[];
}): Promise<OrderWriteAnswer> {
  const body = payments.length > 0 ? { products, payments } : { products };
  const response = await withServerMessage(() => http.put<CheckoutAnswer>(`/orders/${orderId}/product`, body, { silent: true }));
  return { message: response.data.message, order: response.data.data.order };
}

export async function fetchHeldOrders(search: string, signal?: AbortSignal): Promise<HeldOrderAnswer[]> {
  const params = search.trim() ? { search: search.trim() } : {};
  return (await http.get<HeldOrderAnswer[]>('/orders/held', { params, ...(signal ? { signal } : {}) })).data;
}

/** The vendor's balance this month, as the server computes it (POST /smp/reports/vendor-sale-report). */
export async function fetchVendorBalance(userId: number): Promise<number> {
  const { startDate, endDate } = monthOf(businessDateOf(new Date(), displayTimeZone()));
  const answer = await http.post<{ balance: number }>('/smp/reports/vendor-sale-report', { startDate, endDate, type: 'products_report', user_id: userId });
  return answer.data.balance;
}

/** POST /pos/coupons/check: what the codes take off this cart, or the server's refusal (shown by the popup). */
export async function checkCartCoupons(cart: Cart, codes: string[]): Promise<CouponCheckAnswer> {
  const body = {
    coupons: codes,
    customer_id: cart.customer?.id ?? null,
    products: checkoutBody(cart).products,
    // A resumed held order's own uses are not counted against it.
    ...(cart.heldOrderId !== null ? { held_order_id: cart.heldOrderId } : {}),
  };
  return withServerMessage(async () => (await http.post<CouponCheckAnswer>('/pos/coupons/check', body, { silent: true })).data);
}
