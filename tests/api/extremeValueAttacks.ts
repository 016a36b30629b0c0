import type { InjectOptions } from 'fastify';
import { API } from './harness';
import type { unitOf } from './ordersTillHelpers';

/**
 * The attacks extreme-values.test.ts sends: literal extreme values (1e308, 9007199254740993, -1e308, 1e-7,
 * 0.001 where whole numbers are required, a maximal quantity times a maximal price, a cart of many maximal
 * lines, ids beyond the integer column) against checkout, payments, refunds, line edits, instalments, CRUD
 * lists, vendor fee terms and floor spaces, each with the refusal it must get.
 */

export interface Attack {
  label: string;
  request: InjectOptions;
  status: 422 | 404;
  /** The error key the refusal must name (422 only), when the request targets one field. */
  field?: string;
  /** Words the message must carry. */
  message?: RegExp;
}

const HUGE_ID = '9007199254740993';
const DECIMALS = /at most 4 decimals/;
const TOO_LARGE = /must not exceed 1000000000/;

/** The rows the attacks aim at, made by the test's set-up. */
export interface AttackTargets {
  runner: Awaited<ReturnType<typeof unitOf>>;
  paidOrder: number;
  paidLine: number;
  unpaidOrder: number;
  layoutOrder: number;
  instalmentId: number;
  vendorUser: number;
  spaceId: number;
}

const dynamicLine = (overrides: Record<string, unknown>) => ({
  product_type: 'dynamic',
  name: 'Barn door',
  unit_price: 10,
  quantity: 1,
  tax_type: 'exclusive',
  vendor_id: 101,
  ...overrides,
});
const checkout = (label: string, body: Record<string, unknown>, field?: string, message?: RegExp): Attack => ({
  label: `checkout ${label}`,
  status: 422,
  ...(field ? { field } : {}),
  ...(message ? { message } : {}),
  request: { method: 'POST', url: `${API}/orders`, payload: { payments: [], ...body } },
});
const line = (label: string, overrides: Record<string, unknown>, field: string, message?: RegExp) =>
  checkout(label, { products: [dynamicLine(overrides)] }, field, message);

export function extremeValueAttacks({ runner, paidOrder, paidLine, unpaidOrder, layoutOrder, instalmentId, vendorUser, spaceId }: AttackTargets): Attack[] {
  const catalogueLine = { product_type: 'product', product_id: runner.product_id, unit_id: runner.unit_id, quantity: 1 };
  const pay = (value: unknown) => ({ method: 'POST' as const, url: `${API}/orders/${paidOrder}/payments`, payload: { identifier: 'cash-payment', value } });
  const payUnpaid = (value: unknown) => ({
    method: 'POST' as const,
    url: `${API}/orders/${unpaidOrder}/payments`,
    payload: { identifier: 'cash-payment', value },
  });
  const refund = (product: Record<string, unknown>, total: unknown = 15) => ({
    method: 'POST' as const,
    url: `${API}/orders/${paidOrder}/refund`,
    payload: {
      products: [{ id: paidLine, quantity: 1, condition: 'unspoiled', ...product }],
      total,
      payment: { identifier: 'cash-payment' },
      register: null,
    },
  });
  const edit = (changes: Record<string, unknown>) => ({
    method: 'PUT' as const,
    url: `${API}/orders/${paidOrder}/product`,
    payload: { products: [{ id: paidLine, ...changes }] },
  });
  const fee = (value: unknown, vendor: unknown = 101, name = 'monthly_rent') => ({
    method: 'POST' as const,
    url: `${API}/smp/vendors/commission`,
    payload: { value, name, vendor_id: vendor, start: '2030-01-01' },
  });
  const ledger = (amount: unknown) => ({
    method: 'POST' as const,
    url: `${API}/smp/vendors/ledger`,
    payload: { vendor_id: 101, kind: 'credit', date: '2030-01-01', amount },
  });
  const owners = (rows: unknown[]) => ({ method: 'POST' as const, url: `${API}/floorlayout/update`, payload: { id: spaceId, owners: rows } });
  const products = (query: Record<string, string>) => ({ method: 'GET' as const, url: `${API}/crud/ns.products`, query });
  const filter = (value: unknown) => products({ queryFilters: JSON.stringify({ category_id: value }) });
  return [
    // Checkout: amounts, quantities and ids past what integer money and the integer columns hold.
    line('unit_price 1e308', { unit_price: 1e308 }, 'products.0.unit_price', TOO_LARGE),
    line('unit_price 9007199254740993', { unit_price: 9007199254740993 }, 'products.0.unit_price', TOO_LARGE),
    line('unit_price -1e308', { unit_price: -1e308 }, 'products.0.unit_price'),
    line('unit_price 1e-7', { unit_price: 1e-7 }, 'products.0.unit_price', DECIMALS),
    line('unit_price 12.34567', { unit_price: 12.34567 }, 'products.0.unit_price', DECIMALS),
    line('quantity 1e308', { quantity: 1e308 }, 'products.0.quantity'),
    line('quantity 9007199254740993', { quantity: 9007199254740993 }, 'products.0.quantity'),
    line('quantity 1e-7', { quantity: 1e-7 }, 'products.0.quantity', DECIMALS),
    line('quantity 0.001 (whole numbers only)', { quantity: 0.001 }, 'products.0.quantity', /integer/),
    line('quantity -1e308', { quantity: -1e308 }, 'products.0.quantity'),
    line('quantity 1e6 × unit_price 1e9', { quantity: 1_000_000, unit_price: 1_000_000_000 }, 'products.0.quantity', /line total must not exceed 1000000000/),
    line('quantity 1001 × unit_price 999999.99', { quantity: 1001, unit_price: 999_999.99 }, 'products.0.quantity', /line total/),
    line('discount 1e308', { discount_type: 'flat', discount: 1e308 }, 'products.0.discount', TOO_LARGE),
    line('discount_percentage 1e-7', { discount_type: 'percentage', discount_percentage: 1e-7 }, 'products.0.discount_percentage', DECIMALS),
    line('discount_percentage 1e308', { discount_type: 'percentage', discount_percentage: 1e308 }, 'products.0.discount_percentage'),
    line('vendor_id 9007199254740993', { vendor_id: 9007199254740993 }, 'products.0.vendor_id'),
    checkout(
      'two lines of 1e9 (order total above the bound)',
      { products: [dynamicLine({ unit_price: 1e9 }), dynamicLine({ unit_price: 1e9 })] },
      'products',
      /order total must not exceed 1000000000/,
    ),
    checkout('500 lines of 1e9', { products: Array.from({ length: 500 }, () => dynamicLine({ unit_price: 1e9 })) }, 'products', /order total/),
    checkout('line of 1e9 + shipping 1e9', { products: [dynamicLine({ unit_price: 1e9 })], shipping: 1e9 }, 'products', /order total/),
    checkout('shipping 1e308', { products: [dynamicLine({})], shipping: 1e308 }, 'shipping', TOO_LARGE),
    checkout('shipping 1e-7', { products: [dynamicLine({})], shipping: 1e-7 }, 'shipping', DECIMALS),
    checkout('cart discount -1e308', { products: [dynamicLine({})], discount_type: 'flat', discount: -1e308 }, 'discount'),
    checkout('payment 1e308', { products: [dynamicLine({})], payments: [{ identifier: 'cash-payment', value: 1e308 }] }, 'payments.0.value', TOO_LARGE),
    checkout(
      'payment 9007199254740993',
      { products: [dynamicLine({})], payments: [{ identifier: 'cash-payment', value: 9007199254740993 }] },
      'payments.0.value',
    ),
    checkout(
      'instalment 1e308',
      { products: [dynamicLine({})], support_instalments: true, instalments: [{ date: '2030-01-01', amount: 1e308 }] },
      'instalments.0.amount',
    ),
    checkout('product_id 9007199254740993', { products: [{ ...catalogueLine, product_id: 9007199254740993 }] }, 'products.0.product_id'),
    checkout('unit_id 2147483648', { products: [{ ...catalogueLine, unit_id: 2147483648 }] }, 'products.0.unit_id'),
    checkout('customer_id 1e308', { products: [dynamicLine({})], customer_id: 1e308 }, 'customer_id'),
    checkout('register_id -0.5', { products: [dynamicLine({})], register_id: -0.5 }, 'register_id'),
    checkout(
      'catalogue line quantity 1e6 at an edited price of 1e9',
      { products: [{ ...catalogueLine, quantity: 1_000_000, unit_price: 1e9 }] },
      'products.0.quantity',
      /line total/,
    ),
    // Payments.
    { label: 'payment 1e308', request: payUnpaid(1e308), status: 422, field: 'value', message: TOO_LARGE },
    { label: 'payment 9007199254740993', request: payUnpaid(9007199254740993), status: 422, field: 'value' },
    { label: 'payment -1e308', request: payUnpaid(-1e308), status: 422, field: 'value' },
    { label: 'payment 1e-7', request: payUnpaid(1e-7), status: 422, field: 'value', message: DECIMALS },
    { label: 'payment on a paid order 1e9 + 0.0001', request: pay(1_000_000_000.0001), status: 422, field: 'value' },
    { label: 'payment on order id 9007199254740993', request: { ...pay(1), url: `${API}/orders/${HUGE_ID}/payments` }, status: 422, field: 'id' },
    { label: 'payment on order id 2147483647 (absent)', request: { ...pay(1), url: `${API}/orders/2147483647/payments` }, status: 404 },
    { label: 'payment on order id 1e308', request: { ...pay(1), url: `${API}/orders/1e308/payments` }, status: 422, field: 'id' },
    { label: 'payment on order id -0', request: { ...pay(1), url: `${API}/orders/-0/payments` }, status: 422, field: 'id' },
    { label: 'payment on order id 1e-300', request: { ...pay(1), url: `${API}/orders/1e-300/payments` }, status: 422, field: 'id' },
    { label: 'payment on order id NaN', request: { ...pay(1), url: `${API}/orders/NaN/payments` }, status: 422, field: 'id' },
    // Refunds.
    { label: 'refund quantity 1e308', request: refund({ quantity: 1e308 }), status: 422, field: 'products.0.quantity' },
    { label: 'refund quantity 1e-7', request: refund({ quantity: 1e-7 }), status: 422, field: 'products.0.quantity', message: DECIMALS },
    { label: 'refund total 1e308', request: refund({}, 1e308), status: 422, field: 'total', message: TOO_LARGE },
    { label: 'refund total 9007199254740993', request: refund({}, 9007199254740993), status: 422, field: 'total' },
    { label: 'refund unit_price 1e308', request: refund({ refund_type: 'refund_payment', unit_price: 1e308 }), status: 422, field: 'products.0.unit_price' },
    { label: 'refund line id 9007199254740993', request: refund({ id: 9007199254740993 }), status: 422, field: 'products.0.id' },
    {
      label: 'refund register 2147483648',
      request: { ...refund({}), payload: { ...refund({}).payload, register: 2147483648 } },
      status: 422,
      field: 'register',
    },
    // Line edits.
    {
      label: 'line edit quantity 1e6 at 15.00 (line total 1.5e7 is fine) then price 1e9',
      request: edit({ quantity: 1_000_000, unit_price: 1e9 }),
      status: 422,
      field: 'products.0.quantity',
      message: /line total/,
    },
    { label: 'line edit quantity 1e308', request: edit({ quantity: 1e308 }), status: 422, field: 'products.0.quantity' },
    { label: 'line edit unit_price 1e-7', request: edit({ unit_price: 1e-7 }), status: 422, field: 'products.0.unit_price', message: DECIMALS },
    { label: 'line edit line id 9007199254740993', request: edit({ id: 9007199254740993 }), status: 422, field: 'products.0.id' },
    // Instalments.
    {
      label: 'instalment amount 1e308',
      request: { method: 'POST', url: `${API}/orders/${layoutOrder}/instalments`, payload: { instalment: { date: '2030-02-01', amount: 1e308 } } },
      status: 422,
      field: 'instalment.amount',
    },
    {
      label: 'instalment update amount -1e308',
      request: { method: 'PUT', url: `${API}/orders/${layoutOrder}/instalments/${instalmentId}`, payload: { instalment: { amount: -1e308 } } },
      status: 422,
      field: 'instalment.amount',
    },
    {
      label: 'instalment id 9007199254740993',
      request: { method: 'DELETE', url: `${API}/orders/${layoutOrder}/instalments/${HUGE_ID}` },
      status: 422,
      field: 'instalmentId',
    },
    // CRUD lists: numeric filters, pagination and ids.
    { label: 'CRUD filter category_id 9007199254740993', request: filter(9007199254740993), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id "9007199254740993"', request: filter(HUGE_ID), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id 2147483648', request: filter(2147483648), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id 1e308', request: filter(1e308), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id -1e308', request: filter(-1e308), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id "1e-300"', request: filter('1e-300'), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id "NaN"', request: filter('NaN'), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id "Infinity"', request: filter('Infinity'), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD filter category_id [1, 1e308]', request: filter([1, 1e308]), status: 422, field: 'queryFilters.category_id' },
    { label: 'CRUD page 9007199254740993', request: products({ page: HUGE_ID }), status: 422, field: 'page' },
    { label: 'CRUD page 1e308', request: products({ page: '1e308' }), status: 422, field: 'page' },
    { label: 'CRUD page -0', request: products({ page: '-0' }), status: 422, field: 'page' },
    { label: 'CRUD per_page 1e-300', request: products({ per_page: '1e-300' }), status: 422, field: 'per_page' },
    { label: 'CRUD row id 9007199254740993', request: { method: 'GET', url: `${API}/crud/ns.products/form-config/${HUGE_ID}` }, status: 422, field: 'id' },
    { label: 'CRUD delete id 2147483647 (absent)', request: { method: 'DELETE', url: `${API}/crud/ns.products/2147483647` }, status: 404 },
    {
      label: 'CRUD expense value 1e308',
      request: { method: 'POST', url: `${API}/crud/ns.expenses`, payload: { name: 'Rent', general: { value: 1e308 } } },
      status: 422,
      field: 'general.value',
    },
    // Vendor fee terms, ledger and pro-rate fees.
    { label: 'rent 1e308', request: fee(1e308), status: 422, field: 'value' },
    { label: 'rent 9007199254740993', request: fee(9007199254740993), status: 422, field: 'value' },
    { label: 'rent "99999999999"', request: fee('99999999999'), status: 422, field: 'value' },
    { label: 'rent "1000000000.5"', request: fee('1000000000.5'), status: 422, field: 'value' },
    { label: 'rent 1e-7', request: fee(1e-7), status: 422, field: 'value' },
    { label: 'rent "0.00001"', request: fee('0.00001'), status: 422, field: 'value' },
    { label: 'commission -1e308', request: fee(-1e308, 101, 'commission'), status: 422, field: 'value' },
    { label: 'fee vendor 9007199254740993', request: fee(1, 9007199254740993), status: 422, field: 'vendor_id' },
    {
      label: 'fee terms of vendor 9007199254740993',
      request: { method: 'GET', url: `${API}/smp/vendors/monthly_rent/${HUGE_ID}` },
      status: 422,
      field: 'vendor_id',
    },
    { label: 'fee terms of vendor 2147483647 (absent)', request: { method: 'GET', url: `${API}/smp/vendors/monthly_rent/2147483647` }, status: 404 },
    { label: 'ledger amount 1e308', request: ledger(1e308), status: 422, field: 'amount' },
    { label: 'ledger amount 9007199254740993', request: ledger(9007199254740993), status: 422, field: 'amount' },
    {
      label: 'pro-rate new price 1e308',
      request: {
        method: 'POST',
        url: `${API}/smp/vendors/pro-rate-fee`,
        payload: { start: '2030-01-01', days: 1e308, newprice: 1e308, proratefee: 1, vendor_id: 101, calcoptions: 'month', updateRentFee: 'no' },
      },
      status: 422,
    },
    { label: 'statement of vendor 1e308', request: { method: 'GET', url: `${API}/smp/vendors/1e308/statement` }, status: 422, field: 'vendor_id' },
    // Floor spaces.
    {
      label: 'space price 1e308',
      request: owners([{ floor_owner: vendorUser, floor_price: 1e308 }]),
      status: 422,
      field: 'owners.0.floor_price',
      message: TOO_LARGE,
    },
    {
      label: 'space price "9007199254740993"',
      request: owners([{ floor_owner: vendorUser, floor_price: HUGE_ID }]),
      status: 422,
      field: 'owners.0.floor_price',
      message: TOO_LARGE,
    },
    { label: 'space price -1e308', request: owners([{ floor_owner: 'for_rent', floor_price: -1e308 }]), status: 422, field: 'owners.0.floor_price' },
    {
      label: 'space owner 9007199254740993',
      request: owners([{ floor_owner: 9007199254740993, floor_price: 1 }]),
      status: 422,
      field: 'owners.0.floor_owner',
    },
    { label: 'space owner "3000000000"', request: owners([{ floor_owner: '3000000000', floor_price: 1 }]), status: 422, field: 'owners.0.floor_owner' },
    { label: 'space id 2147483648', request: { ...owners([]), payload: { id: 2147483648 } }, status: 422, field: 'id' },
    { label: 'floor layer 9007199254740993', request: { method: 'GET', url: `${API}/floorlayout/list/${HUGE_ID}` }, status: 422, field: 'layerId' },
    { label: 'floor history of vendor 1e308', request: { method: 'GET', url: `${API}/floorlayout/history/1e308` }, status: 422, field: 'vendor_id' },
    {
      label: 'floor layer width 1e308',
      request: { method: 'POST', url: `${API}/floorlayout/blank`, payload: { width: 1e308, height: 10, layer_name: 'Loft' } },
      status: 422,
      field: 'width',
    },
  ];
}
