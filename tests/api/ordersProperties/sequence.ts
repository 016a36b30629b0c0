import type { LightMyRequestResponse } from 'fastify';
import { API, createTestApp, type DialectName, type TestApp } from '../harness';
import { unitOf } from '../ordersTillHelpers';
import { fromDecimal, toDecimal, type Money } from '../../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, CASH_PAYMENT, type InstalmentAnswer, type OrderAnswer, type RefundAnswer } from '../../../schemas/orders/api';
import { storeToday } from '../../../server/services/options';
import { adjustStock } from '../../../server/services/stock/ledger';
import type { Invariant, Violation } from './invariants';
import { CATALOGUE, type Tender } from './actions';

// ------------------------------------------------------------------ the store the sequences run in

interface Product {
  name: string;
  product_id: number;
  unit_id: number;
  unit_name: string;
  price: number;
  dynamic: boolean;
  taxType: 'inclusive' | 'exclusive';
}

export interface PropertyStore {
  t: TestApp;
  dialect: DialectName;
  cashier: string;
  customer: string;
  admin: string;
  customerId: number;
  products: Product[];
  /** Sequences run so far (each gets its own register). */
  sequences: number;
  /** Known-open invariants seen failing, by name (they do not fail the property). */
  knownOpenSeen: Map<Invariant, number>;
  /** Answers per step kind (`checkout 2xx`, `refund 4xx`, …), to see that sequences do more than meet refusals. */
  outcomes: Map<string, number>;
  close(): Promise<void>;
}

/** The vendor whose account pays for account payments (the demo's retroroom). */
export const BUYER = 103;
const VENDORS = [101, 102, 103, 104];
const RESTOCK_BELOW = 4;
const RESTOCK_TO = 12;

export async function openPropertyStore(dialect: DialectName): Promise<PropertyStore> {
  const t = await createTestApp(dialect);
  const [cashier, customer, admin] = [await t.login('cashier'), await t.login('customer'), await t.login('admin')];
  const customerRow = await t.database.db
    .selectFrom('customers')
    .innerJoin('users', 'users.id', 'customers.user_id')
    .select('customers.id')
    .where('users.username', '=', 'customer')
    .executeTakeFirstOrThrow();
  const products: Product[] = [];
  for (const entry of CATALOGUE) {
    const unit = await unitOf(t, entry.name, entry.unit);
    const product = await t.database.db.selectFrom('products').select('tax_type').where('id', '=', unit.product_id).executeTakeFirstOrThrow();
    products.push({
      name: entry.name,
      product_id: unit.product_id,
      unit_id: unit.unit_id,
      unit_name: 'Piece',
      price: unit.price,
      dynamic: entry.dynamic === true,
      taxType: product.tax_type,
    });
  }
  return {
    t,
    dialect,
    cashier,
    customer,
    admin,
    customerId: customerRow.id,
    products,
    sequences: 0,
    knownOpenSeen: new Map(),
    outcomes: new Map(),
    close: () => t.close(),
  };
}

// ------------------------------------------------------------------ one sequence

export interface SeqOrder {
  id: number;
  answer: OrderAnswer;
  refunds: RefundAnswer[];
  instalments: InstalmentAnswer[];
  customerOwned: boolean;
}

export interface Sequence {
  store: PropertyStore;
  register: { id: number; name: string };
  today: string;
  orders: SeqOrder[];
  /** product_id:unit_id → quantity at the start, and what the steps should have moved since. */
  stockStart: Map<string, number>;
  stockMoved: Map<string, number>;
  movementsAfter: number;
  salesStart: Map<number, Money>;
  /** The buyer's purchases at the start. */
  purchasesStart: Money;
  log: string[];
  violations: Violation[];
  /** Refusals already probed (order, state, action). */
  probed: Set<string>;
}

export const key = (productId: number, unitId: number) => `${productId}:${unitId}`;
export const money = (decimal: number) => fromDecimal(decimal);
export const show = (amount: Money) => toDecimal(amount).toFixed(2);

export function violate(seq: Sequence, invariant: Invariant, message: string): void {
  seq.violations.push({ invariant, message });
}

export async function call(
  seq: Sequence,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  cookie = seq.store.cashier,
): Promise<LightMyRequestResponse> {
  const response = await seq.store.t.call({ method, url: `${API}${path}`, cookie, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 500) violate(seq, 'no-server-error', `${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  else if (response.statusCode >= 400) {
    const body = safeJson(response);
    if (!body || body.status !== 'failed' || typeof body.message !== 'string') {
      violate(seq, 'no-server-error', `${method} ${path} answered ${response.statusCode} outside the error envelope: ${response.body.slice(0, 300)}`);
    }
  }
  return response;
}

function safeJson(response: LightMyRequestResponse): Record<string, unknown> | null {
  try {
    const value: unknown = response.json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function readJson<T>(seq: Sequence, path: string, cookie?: string): Promise<T> {
  const response = await call(seq, 'GET', path, undefined, cookie);
  if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

export async function vendorSales(seq: Sequence, vendor: number): Promise<{ sales: Money; purchases: Money; balance: Money }> {
  const statement = await readJson<{ lines: Array<{ term: string; amount: number }>; balance: number }>(seq, `/smp/vendors/${vendor}/statement`);
  const term = (name: string) => money(statement.lines.find((entry) => entry.term === name)?.amount ?? 0);
  return { sales: term('salesWithoutTax'), purchases: term('purchasesWithoutTax'), balance: money(statement.balance) };
}

export async function stockOfApi(seq: Sequence, product: Product): Promise<number> {
  const units = await readJson<Array<{ unit: { name: string }; quantity: number }>>(seq, `/products/${product.product_id}/units/quantities`);
  const unit = units.find((entry) => entry.unit.name.toLowerCase() === product.unit_name.toLowerCase()) ?? units[0];
  return unit?.quantity ?? 0;
}

export async function startSequence(store: PropertyStore): Promise<Sequence> {
  store.sequences += 1;
  const { t } = store;
  const name = `Property Till ${store.sequences}`;
  const created = await t.call({ method: 'POST', url: `${API}/crud/ns.cash-registers`, cookie: store.admin, payload: { name, general: { status: 'closed' } } });
  if (created.statusCode !== 200) throw new Error(`register: ${created.statusCode} ${created.body}`);
  const register = { id: Number(created.json().data.entry.id), name };
  // The till sells only on an open register: the sequence's drawer opens empty.
  const opened = await t.call({ method: 'POST', url: `${API}/register-sessions`, cookie: store.admin, payload: { register_id: register.id, total: 0 } });
  if (opened.statusCode !== 200) throw new Error(`register session: ${opened.statusCode} ${opened.body}`);
  const seq: Sequence = {
    store,
    register,
    today: await storeToday(t.database.db),
    orders: [],
    stockStart: new Map(),
    stockMoved: new Map(),
    movementsAfter: 0,
    salesStart: new Map(),
    purchasesStart: 0,
    log: [],
    violations: [],
    probed: new Set(),
  };
  // Keep enough on the shelf that sequences sell rather than only meet "not enough stock" (a ledger adjustment, as the product form makes).
  for (const product of store.products.filter((entry) => !entry.dynamic)) {
    const quantity = await stockOfApi(seq, product);
    if (quantity < RESTOCK_BELOW) {
      await t.database.db.transaction().execute((trx) =>
        adjustStock(trx, {
          product_id: product.product_id,
          unit_id: product.unit_id,
          expected: quantity,
          target: RESTOCK_TO,
          author_id: null,
          name: product.name,
        }),
      );
    }
    seq.stockStart.set(key(product.product_id, product.unit_id), await stockOfApi(seq, product));
    seq.stockMoved.set(key(product.product_id, product.unit_id), 0);
  }
  const last = await t.database.db
    .selectFrom('stock_movements')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  seq.movementsAfter = Number(last?.id ?? 0);
  // The buyer's account must be able to pay now and then: top it up with a ledger credit (not a sale).
  const buyer = await vendorSales(seq, BUYER);
  if (buyer.balance < money(2_000)) {
    const credit = await t.call({
      method: 'POST',
      url: `${API}/smp/vendors/ledger`,
      cookie: store.admin,
      payload: { vendor_id: BUYER, kind: 'credit', date: seq.today, amount: '5000', memo: 'property test float' },
    });
    if (credit.statusCode !== 200) throw new Error(`ledger credit: ${credit.statusCode} ${credit.body}`);
  }
  for (const vendor of VENDORS) {
    const statement = await vendorSales(seq, vendor);
    seq.salesStart.set(vendor, statement.sales);
    if (vendor === BUYER) seq.purchasesStart = statement.purchases;
  }
  return seq;
}

// ------------------------------------------------------------------ expectations and outcomes

/** What a request should do: succeed, or be refused (4xx); `gate` names a known-open invariant the expectation belongs to. */
export interface Expectation {
  ok: boolean;
  why: string;
  gate?: Invariant;
}

export function judge(seq: Sequence, label: string, expectation: Expectation, response: LightMyRequestResponse): boolean {
  const succeeded = response.statusCode >= 200 && response.statusCode < 300;
  const outcome = `${label.split(' #')[0]} ${succeeded ? '2xx' : `${response.statusCode}`}`;
  seq.store.outcomes.set(outcome, (seq.store.outcomes.get(outcome) ?? 0) + 1);
  if (expectation.ok && !succeeded && response.statusCode < 500) {
    violate(
      seq,
      expectation.gate ?? 'allowed-actions',
      `${label}: expected success (${expectation.why}), got ${response.statusCode} ${response.body.slice(0, 300)}`,
    );
  }
  if (!expectation.ok && succeeded) {
    violate(seq, expectation.gate ?? 'allowed-actions', `${label}: expected a refusal (${expectation.why}), got ${response.statusCode}`);
  }
  return succeeded;
}

export function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/** Reads the order again (its refunds when it has any, its instalments when it is a layaway), as the popup does. */
export async function refresh(seq: Sequence, order: SeqOrder): Promise<void> {
  order.answer = await readJson<OrderAnswer>(seq, `/orders/${order.id}`);
  order.refunds =
    order.answer.total_refunded > 0 || order.refunds.length > 0 || order.answer.payment_status === 'order_void'
      ? (await readJson<{ refunds: RefundAnswer[] }>(seq, `/orders/${order.id}/refunds`)).refunds
      : [];
  order.instalments = order.answer.support_instalments ? await readJson<InstalmentAnswer[]>(seq, `/orders/${order.id}/instalments`) : [];
}

export function moveExpected(seq: Sequence, productId: number | null, unitId: number | null, change: number): void {
  if (productId === null || unitId === null) return;
  const k = key(productId, unitId);
  if (seq.stockMoved.has(k)) seq.stockMoved.set(k, (seq.stockMoved.get(k) ?? 0) + change);
}

export function stockNow(seq: Sequence, productId: number, unitId: number): number {
  const k = key(productId, unitId);
  return (seq.stockStart.get(k) ?? 0) + (seq.stockMoved.get(k) ?? 0);
}

/** Units of each line not yet returned (what a void or delete gives back). */
export function heldUnits(answer: OrderAnswer): Array<{ product_id: number | null; unit_id: number | null; quantity: number; product_type: string }> {
  return answer.products.map((line) => ({
    product_id: line.product_id,
    unit_id: line.unit_id,
    product_type: line.product_type,
    quantity: line.quantity - line.refunded_quantity,
  }));
}

export const TENDER_ID: Record<Tender, string> = { cash: CASH_PAYMENT, card: CARD_PAYMENT, account: ACCOUNT_PAYMENT };
