import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { API, createTestApp, type DialectName, type TestApp } from './harness';
import { unitOf } from './ordersTillHelpers';
import { fromDecimal, sum, toDecimal, type Money } from '../../schemas/money';
import { ACCOUNT_PAYMENT, CARD_PAYMENT, CASH_PAYMENT, type InstalmentAnswer, type OrderAnswer, type RefundAnswer } from '../../schemas/orders/api';
import { ORDER_ACTIONS, type OrderAction } from '../../schemas/orders/rules';
import { UNPAID_THRESHOLD } from '../../schemas/orders/paymentStatus';
import { previewChoice, refundBodyOf, refundOrderLinesOf, type ChosenRefund, type RefundProductChoice } from '../../machines/orders/refundLines';
import { cartFromHeldOrder, checkoutBody, emptyCart, previewCart, type Cart, type CartLine } from '../../machines/orders/checkoutCart';
import { roundUp } from '../../schemas/orders/cardFee';
import { storeToday } from '../../server/services/options';
import { adjustStock } from '../../server/services/stock/ledger';

/**
 * Random sequences of what a store does with orders — checkouts (cash with change, card with its fee,
 * a vendor's account, layaways with instalments, save-unpaid, hold; line and cart discounts, edited
 * prices), payments, line edits, refunds (returns and price refunds), instalments, voids and deletes —
 * sent through the HTTP API exactly as the till and the Order Options popup send them (signed-in
 * cashier and customer sessions), with every invariant of the money core checked after every step.
 *
 * Shared by the API suite (tests/api/orders-properties.test.ts, a small run with a fixed seed) and
 * the long run in bench/ (`npm run bench -- properties`).
 */

// ------------------------------------------------------------------ the invariants

export const INVARIANTS = [
  /** The register's drawer (read from the API) = cash in − change handed back − cash refunds of its orders. */
  'drawer-cash',
  /** total_refunded ≤ tendered − change, every order. */
  'refunded-within-paid',
  /** payment_status and left_to_pay agree with total, tendered, change and total_refunded (and void / hold). */
  'status-agrees',
  /** An order whose every unit came back (and owes nothing) reads refunded. */
  'full-return-reads-refunded',
  /** Same, for an order that carries a card fee. */
  'full-card-return-reads-refunded',
  /** A vendor's sales credit (statement API) never exceeds what customers paid on that vendor's lines. */
  'vendor-credit-follows-collected',
  /** The buyer's purchases (statement API) never exceed what their account paid, less what went back to it. */
  'buyer-charged-within-account-paid',
  /** A refund is given back once: the buyer's purchases fall only by what was refunded to the account. */
  'refund-goes-back-once',
  /** On a settled order, the return of units the server offers as refundable (its per-line figures) succeeds. */
  'cart-discount-shared-by-lines',
  /** Stock read from the API = start + Σ stock-ledger movements = start + what the steps moved, never below 0. */
  'stock-ledger',
  /** Every action allowed_actions lists succeeds; every other one is refused with a 4xx in the error envelope. */
  'allowed-actions',
  /** No request gives a 5xx or an answer outside the error envelope. */
  'no-server-error',
] as const;
export type Invariant = (typeof INVARIANTS)[number];

/**
 * Invariants allowed to fail without failing the property (still checked and counted). None: every case
 * this test found open has been fixed. A new known failure goes here with the reason, while it is fixed.
 */
export const KNOWN_OPEN: readonly Invariant[] = [];

export interface Violation { invariant: Invariant; message: string }

export class PropertyFailure extends Error {
  constructor(readonly violations: Violation[], readonly log: string[]) {
    super(`${violations.map((violation) => `[${violation.invariant}] ${violation.message}`).join('\n')}\n--- steps:\n${log.join('\n')}`);
  }
}

// ------------------------------------------------------------------ actions (plain data, shrinkable)

export type Tender = 'cash' | 'card' | 'account';
export interface LineGen {
  product: number;
  quantity: number;
  /** 0: no vendor; 1–4: vendor number 100 + n. */
  vendor: number;
  discount: { type: 'percentage' | 'flat'; value: number } | null;
  /** A price typed at the till instead of the catalogue's. */
  price: number | null;
}
export type CheckoutPay = 'cash' | 'cash-over' | 'card' | 'split' | 'account' | 'layaway' | 'layaway-nothing-down' | 'unpaid' | 'part-unpaid' | 'hold';
export type Action =
  | { kind: 'checkout'; lines: LineGen[]; cartDiscount: { type: 'percentage' | 'flat'; value: number } | null; pay: CheckoutPay; customer: boolean }
  | { kind: 'pay'; order: number; tender: Tender; part: boolean }
  | { kind: 'delete-payment'; order: number; payment: number }
  | { kind: 'edit-line'; order: number; line: number; change: 'quantity-up' | 'price-up' | 'price-down' }
  | { kind: 'refund'; order: number; line: number; type: 'refund_product' | 'refund_payment'; all: boolean; also: boolean; split: boolean; condition: 'unspoiled' | 'damaged'; tender: Tender }
  | { kind: 'add-instalment'; order: number; part: boolean; future: boolean }
  | { kind: 'pay-instalment'; order: number; instalment: number; tender: 'cash' | 'card' }
  | { kind: 'void'; order: number }
  | { kind: 'delete'; order: number }
  | { kind: 'customer-tries'; order: number; action: OrderAction }
  | { kind: 'complete-held'; order: number; tender: 'cash' | 'card' };

/** The catalogue the sequences sell from (name, unit); dynamic items are typed at the till. */
export const CATALOGUE: ReadonlyArray<{ name: string; unit: string; dynamic?: boolean }> = [
  { name: 'Hand-Thrown Mug', unit: 'piece' },
  { name: 'Silk Scarf', unit: 'piece' },
  { name: 'Brass Candle Holder', unit: 'piece' },
  { name: 'Oak Rocking Chair', unit: 'piece' },
  { name: 'Beeswax Candles', unit: 'piece' },
  { name: 'Milk Glass Vase', unit: 'piece' },
  { name: 'Booth Sale Item', unit: 'piece', dynamic: true },
];

const nat = fc.nat({ max: 1_000 });
/** Which order an action is about, counted back from the newest: mostly the newest, so one order sees several steps. */
const orderPick = fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: nat });
const tender = fc.constantFrom<Tender>('cash', 'card', 'account');
const discount = fc.oneof(
  fc.record({ type: fc.constant<'percentage'>('percentage'), value: fc.constantFrom(5, 10, 12.5, 25) }),
  fc.record({ type: fc.constant<'flat'>('flat'), value: fc.constantFrom(0.5, 1, 2.25, 5) }),
);
const lineGen: fc.Arbitrary<LineGen> = fc.record({
  product: fc.nat({ max: CATALOGUE.length - 1 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  vendor: fc.integer({ min: 0, max: 4 }),
  discount: fc.option(discount, { freq: 3 }),
  price: fc.option(fc.constantFrom(10.4, 33.33, 7.05, 99.99), { freq: 4 }),
});

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({
    kind: fc.constant<'checkout'>('checkout'),
    lines: fc.array(lineGen, { minLength: 1, maxLength: 3 }),
    cartDiscount: fc.option(discount, { freq: 3 }),
    pay: fc.constantFrom<CheckoutPay>('cash', 'cash-over', 'card', 'split', 'account', 'layaway', 'layaway-nothing-down', 'unpaid', 'part-unpaid', 'hold'),
    customer: fc.boolean(),
  }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant<'pay'>('pay'), order: orderPick, tender, part: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'delete-payment'>('delete-payment'), order: orderPick, payment: nat }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant<'edit-line'>('edit-line'), order: orderPick, line: nat, change: fc.constantFrom<'quantity-up' | 'price-up' | 'price-down'>('quantity-up', 'price-up', 'price-down') }) },
  { weight: 4, arbitrary: fc.record({
    kind: fc.constant<'refund'>('refund'), order: orderPick, line: nat,
    type: fc.constantFrom<'refund_product' | 'refund_payment'>('refund_product', 'refund_product', 'refund_payment'),
    all: fc.boolean(), also: fc.boolean(), split: fc.boolean(), condition: fc.constantFrom<'unspoiled' | 'damaged'>('unspoiled', 'damaged'), tender,
  }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant<'add-instalment'>('add-instalment'), order: orderPick, part: fc.boolean(), future: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant<'pay-instalment'>('pay-instalment'), order: orderPick, instalment: nat, tender: fc.constantFrom<'cash' | 'card'>('cash', 'card') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'void'>('void'), order: orderPick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'delete'>('delete'), order: orderPick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'complete-held'>('complete-held'), order: orderPick, tender: fc.constantFrom<'cash' | 'card'>('cash', 'card') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'customer-tries'>('customer-tries'), order: orderPick, action: fc.constantFrom(...ORDER_ACTIONS) }) },
);

/** A sequence: a checkout first (the other actions need an order), then any actions. */
export const sequenceArb = (maxLength: number) => fc.tuple(
  actionArb.filter((action) => action.kind === 'checkout'),
  fc.array(actionArb, { minLength: 1, maxLength: Math.max(1, maxLength - 1) }),
).map(([first, rest]) => [first, ...rest]);

// ------------------------------------------------------------------ the store the sequences run in

interface Product { name: string; product_id: number; unit_id: number; unit_name: string; price: number; dynamic: boolean; taxType: 'inclusive' | 'exclusive' }

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
const BUYER = 103;
const VENDORS = [101, 102, 103, 104];
const RESTOCK_BELOW = 4;
const RESTOCK_TO = 12;

export async function openPropertyStore(dialect: DialectName): Promise<PropertyStore> {
  const t = await createTestApp(dialect);
  const [cashier, customer, admin] = [await t.login('cashier'), await t.login('customer'), await t.login('admin')];
  const customerRow = await t.database.db.selectFrom('customers').innerJoin('users', 'users.id', 'customers.user_id')
    .select('customers.id').where('users.username', '=', 'customer').executeTakeFirstOrThrow();
  const products: Product[] = [];
  for (const entry of CATALOGUE) {
    const unit = await unitOf(t, entry.name, entry.unit);
    const product = await t.database.db.selectFrom('products').select('tax_type').where('id', '=', unit.product_id).executeTakeFirstOrThrow();
    products.push({ name: entry.name, product_id: unit.product_id, unit_id: unit.unit_id, unit_name: 'Piece', price: unit.price, dynamic: entry.dynamic === true, taxType: product.tax_type });
  }
  return {
    t, dialect, cashier, customer, admin, customerId: customerRow.id, products, sequences: 0, knownOpenSeen: new Map(), outcomes: new Map(),
    close: () => t.close(),
  };
}

// ------------------------------------------------------------------ one sequence

interface SeqOrder {
  id: number;
  answer: OrderAnswer;
  refunds: RefundAnswer[];
  instalments: InstalmentAnswer[];
  customerOwned: boolean;
}

interface Sequence {
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

const key = (productId: number, unitId: number) => `${productId}:${unitId}`;
const money = (decimal: number) => fromDecimal(decimal);
const show = (amount: Money) => toDecimal(amount).toFixed(2);

function violate(seq: Sequence, invariant: Invariant, message: string): void {
  seq.violations.push({ invariant, message });
}

async function call(seq: Sequence, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, cookie = seq.store.cashier): Promise<LightMyRequestResponse> {
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

async function readJson<T>(seq: Sequence, path: string, cookie?: string): Promise<T> {
  const response = await call(seq, 'GET', path, undefined, cookie);
  if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body}`);
  return response.json() as T;
}

async function vendorSales(seq: Sequence, vendor: number): Promise<{ sales: Money; purchases: Money; balance: Money }> {
  const statement = await readJson<{ lines: Array<{ term: string; amount: number }>; balance: number }>(seq, `/smp/vendors/${vendor}/statement`);
  const term = (name: string) => money(statement.lines.find((entry) => entry.term === name)?.amount ?? 0);
  return { sales: term('salesWithoutTax'), purchases: term('purchasesWithoutTax'), balance: money(statement.balance) };
}

async function stockOfApi(seq: Sequence, product: Product): Promise<number> {
  const units = await readJson<Array<{ unit: { name: string }; quantity: number }>>(seq, `/products/${product.product_id}/units/quantities`);
  const unit = units.find((entry) => entry.unit.name.toLowerCase() === product.unit_name.toLowerCase()) ?? units[0];
  return unit?.quantity ?? 0;
}

async function startSequence(store: PropertyStore): Promise<Sequence> {
  store.sequences += 1;
  const { t } = store;
  const name = `Property Till ${store.sequences}`;
  const created = await t.call({ method: 'POST', url: `${API}/crud/ns.cash-registers`, cookie: store.admin, payload: { name, general: { status: 'closed' } } });
  if (created.statusCode !== 200) throw new Error(`register: ${created.statusCode} ${created.body}`);
  const register = { id: Number(created.json().data.entry.id), name };
  const seq: Sequence = {
    store, register, today: await storeToday(t.database.db), orders: [], stockStart: new Map(), stockMoved: new Map(), movementsAfter: 0,
    salesStart: new Map(), purchasesStart: 0, log: [], violations: [], probed: new Set(),
  };
  // Keep enough on the shelf that sequences sell rather than only meet "not enough stock" (a ledger adjustment, as the product form makes).
  for (const product of store.products.filter((entry) => !entry.dynamic)) {
    const quantity = await stockOfApi(seq, product);
    if (quantity < RESTOCK_BELOW) {
      await t.database.db.transaction().execute((trx) => adjustStock(trx, {
        product_id: product.product_id, unit_id: product.unit_id, expected: quantity, target: RESTOCK_TO, author_id: null, name: product.name,
      }));
    }
    seq.stockStart.set(key(product.product_id, product.unit_id), await stockOfApi(seq, product));
    seq.stockMoved.set(key(product.product_id, product.unit_id), 0);
  }
  const last = await t.database.db.selectFrom('stock_movements').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  seq.movementsAfter = Number(last?.id ?? 0);
  // The buyer's account must be able to pay now and then: top it up with a ledger credit (not a sale).
  const buyer = await vendorSales(seq, BUYER);
  if (buyer.balance < money(2_000)) {
    const credit = await t.call({ method: 'POST', url: `${API}/smp/vendors/ledger`, cookie: store.admin, payload: { vendor_id: BUYER, kind: 'credit', date: seq.today, amount: '5000', memo: 'property test float' } });
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
interface Expectation { ok: boolean; why: string; gate?: Invariant }

function judge(seq: Sequence, label: string, expectation: Expectation, response: LightMyRequestResponse): boolean {
  const succeeded = response.statusCode >= 200 && response.statusCode < 300;
  const outcome = `${label.split(' #')[0]} ${succeeded ? '2xx' : `${response.statusCode}`}`;
  seq.store.outcomes.set(outcome, (seq.store.outcomes.get(outcome) ?? 0) + 1);
  if (expectation.ok && !succeeded && response.statusCode < 500) {
    violate(seq, expectation.gate ?? 'allowed-actions', `${label}: expected success (${expectation.why}), got ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  if (!expectation.ok && succeeded) {
    violate(seq, expectation.gate ?? 'allowed-actions', `${label}: expected a refusal (${expectation.why}), got ${response.statusCode}`);
  }
  return succeeded;
}

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

/** Reads the order again (its refunds when it has any, its instalments when it is a layaway), as the popup does. */
async function refresh(seq: Sequence, order: SeqOrder): Promise<void> {
  order.answer = await readJson<OrderAnswer>(seq, `/orders/${order.id}`);
  order.refunds = order.answer.total_refunded > 0 || order.refunds.length > 0 || order.answer.payment_status === 'order_void'
    ? (await readJson<{ refunds: RefundAnswer[] }>(seq, `/orders/${order.id}/refunds`)).refunds : [];
  order.instalments = order.answer.support_instalments ? await readJson<InstalmentAnswer[]>(seq, `/orders/${order.id}/instalments`) : [];
}

function moveExpected(seq: Sequence, productId: number | null, unitId: number | null, change: number): void {
  if (productId === null || unitId === null) return;
  const k = key(productId, unitId);
  if (seq.stockMoved.has(k)) seq.stockMoved.set(k, (seq.stockMoved.get(k) ?? 0) + change);
}

function stockNow(seq: Sequence, productId: number, unitId: number): number {
  const k = key(productId, unitId);
  return (seq.stockStart.get(k) ?? 0) + (seq.stockMoved.get(k) ?? 0);
}

/** Units of each line not yet returned (what a void or delete gives back). */
function heldUnits(answer: OrderAnswer): Array<{ product_id: number | null; unit_id: number | null; quantity: number; product_type: string }> {
  return answer.products.map((line) => ({ product_id: line.product_id, unit_id: line.unit_id, product_type: line.product_type, quantity: line.quantity - line.refunded_quantity }));
}

const TENDER_ID: Record<Tender, string> = { cash: CASH_PAYMENT, card: CARD_PAYMENT, account: ACCOUNT_PAYMENT };

// ------------------------------------------------------------------ the steps

async function checkout(seq: Sequence, action: Extract<Action, { kind: 'checkout' }>): Promise<void> {
  const { products } = seq.store;
  const lines: CartLine[] = action.lines.map((gen, index) => {
    const product = products[gen.product % products.length]!;
    const price = product.dynamic ? gen.price ?? 12.5 : gen.price ?? product.price;
    return {
      key: `line-${index + 1}`, product_id: product.product_id, unit_id: product.unit_id, unit_name: product.unit_name,
      product_type: product.dynamic ? 'dynamic' : 'product', name: product.dynamic ? 'Booth find' : product.name, unit_price: price,
      quantity: gen.quantity, tax_type: product.dynamic ? 'inclusive' : product.taxType, discount: gen.discount,
      vendor: gen.vendor === 0 ? null : { vendor_id: 100 + gen.vendor, username: `#${100 + gen.vendor}` },
    };
  });
  const cart: Cart = { ...emptyCart(), lines, discount: action.cartDiscount, registerId: seq.register.id, customer: action.customer ? { id: seq.store.customerId, name: 'Carl Customer' } : null };
  // The till asks for the total rounded to the currency precision (amountToCharge).
  const charge = roundUp(previewCart(cart, {}).totals.total, 2).amount;
  const chargeDecimal = toDecimal(charge);
  const half = toDecimal(Math.floor(charge / 2 / 100) * 100);
  let hold = false;
  let saveUnpaid = false;
  let accountBalance: Money | null = null;
  switch (action.pay) {
    case 'cash': cart.payments = [{ identifier: CASH_PAYMENT, label: 'Cash', value: chargeDecimal }]; break;
    case 'cash-over': cart.payments = [{ identifier: CASH_PAYMENT, label: 'Cash', value: Math.ceil(chargeDecimal / 20) * 20 + 20 }]; break;
    case 'card': cart.payments = [{ identifier: CARD_PAYMENT, label: 'Card', value: chargeDecimal }]; break;
    case 'split': cart.payments = [{ identifier: CASH_PAYMENT, label: 'Cash', value: half }, { identifier: CARD_PAYMENT, label: 'Card', value: toDecimal(charge - money(half)) }]; break;
    case 'account':
      accountBalance = (await vendorSales(seq, BUYER)).balance;
      cart.payments = [{ identifier: ACCOUNT_PAYMENT, label: 'Account', value: chargeDecimal, vendor: { vendor_id: BUYER, username: 'retroroom' } }];
      break;
    case 'layaway':
    case 'layaway-nothing-down': {
      cart.layaway = true;
      const first = half;
      // With a down payment the plan covers the total; without one it lists the first half only (more is added later).
      cart.instalments = [{ date: seq.today, amount: first }, ...(action.pay === 'layaway' ? [{ date: seq.today, amount: toDecimal(charge - money(first)) }] : [])]
        .filter((entry) => entry.amount > 0);
      cart.payments = action.pay === 'layaway' && first > 0 ? [{ identifier: CASH_PAYMENT, label: 'Cash', value: first }] : [];
      break;
    }
    case 'unpaid': saveUnpaid = true; break;
    case 'part-unpaid': saveUnpaid = true; cart.payments = half > 0 ? [{ identifier: CASH_PAYMENT, label: 'Cash', value: half }] : []; break;
    case 'hold': hold = true; break;
  }
  // The till never lists a payment of nothing, and a fully discounted cart (0.00) is placed paid, without
  // a payment: the server refuses money for it (409 'No Payment Possible For Paid Order.').
  cart.payments = charge === 0 ? [] : cart.payments.filter((payment) => payment.value > 0);
  const body = checkoutBody(cart, hold, saveUnpaid);
  // Expected: refused only for want of stock or of the buyer's balance.
  const wanted = new Map<string, number>();
  for (const line of lines) if (line.product_type === 'product') wanted.set(key(line.product_id!, line.unit_id!), (wanted.get(key(line.product_id!, line.unit_id!)) ?? 0) + line.quantity);
  const short = !hold && [...wanted].some(([k, quantity]) => quantity > stockNow(seq, Number(k.split(':')[0]), Number(k.split(':')[1])));
  const broke = accountBalance !== null && accountBalance < charge;
  const expectation: Expectation = short ? { ok: false, why: 'not enough stock' } : broke ? { ok: false, why: 'the account balance does not cover it' }
    : { ok: true, why: 'a valid cart' };
  const response = await call(seq, 'POST', '/orders', body);
  seq.log.push(`checkout ${JSON.stringify(body)} → ${response.statusCode}${response.statusCode >= 400 ? ` ${response.body.slice(0, 200)}` : ''}`);
  if (!judge(seq, 'checkout', expectation, response)) return;
  const answer = response.json().data.order as OrderAnswer;
  if (!hold) for (const line of answer.products) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, -line.quantity);
  const order: SeqOrder = { id: answer.id, answer, refunds: [], instalments: [], customerOwned: action.customer };
  seq.orders.push(order);
  await refresh(seq, order);
}

async function pay(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'pay' }>): Promise<void> {
  const { answer } = order;
  const left = money(answer.left_to_pay);
  const allowed = answer.allowed_actions.pay;
  let value = action.part && left >= 200 ? Math.floor(left / 2 / 100) * 100 : left;
  if (value <= 0) value = 10_000;
  let expectation: Expectation = allowed ? { ok: true, why: 'pay allowed, within what is left' } : { ok: false, why: 'pay not allowed' };
  const payload: Record<string, unknown> = { identifier: TENDER_ID[action.tender], value: toDecimal(value) };
  if (action.tender === 'account') {
    value = left;
    payload.value = toDecimal(value);
    payload.vendor_id = BUYER;
    const balance = (await vendorSales(seq, BUYER)).balance;
    const usedBefore = answer.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);
    if (allowed && (usedBefore || balance < value || value <= 0)) expectation = { ok: false, why: 'account used before or balance short' };
  }
  if (allowed && value > left) expectation = { ok: false, why: 'more than left to pay' };
  const response = await call(seq, 'POST', `/orders/${order.id}/payments`, payload);
  seq.log.push(`pay #${order.id} ${JSON.stringify(payload)} → ${response.statusCode}`);
  judge(seq, `pay #${order.id}`, expectation, response);
}

async function deletePayment(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'delete-payment' }>): Promise<void> {
  const payment = pick(order.answer.payments, action.payment);
  if (!payment) return;
  const allowed = order.answer.allowed_actions.delete_payment;
  const response = await call(seq, 'DELETE', `/orders/${order.id}/payment/${payment.id}`);
  seq.log.push(`delete payment #${order.id}/${payment.id} (${payment.identifier} ${payment.value}) → ${response.statusCode}`);
  judge(seq, `delete payment #${order.id}`, allowed ? { ok: true, why: 'delete_payment allowed' } : { ok: false, why: 'delete_payment not allowed' }, response);
}

async function editLine(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'edit-line' }>): Promise<void> {
  const line = pick(order.answer.products, action.line);
  if (!line) return;
  const allowed = order.answer.allowed_actions.edit_lines;
  let edit: Record<string, unknown>;
  let expectation: Expectation = allowed ? { ok: true, why: 'edit_lines allowed, total not lower' } : { ok: false, why: 'edit_lines not allowed' };
  if (action.change === 'quantity-up') {
    edit = { id: line.id, quantity: line.quantity + 1 };
    if (allowed && line.product_type === 'dynamic') expectation = { ok: false, why: 'a dynamic line keeps its quantity' };
    else if (allowed && line.product_id !== null && line.unit_id !== null && stockNow(seq, line.product_id, line.unit_id) < 1) expectation = { ok: false, why: 'no stock for one more' };
  } else {
    const delta = action.change === 'price-up' ? 150 : -150;
    const price = money(line.unit_price) + delta * 100;
    edit = { id: line.id, unit_price: toDecimal(Math.max(100, price)) };
    if (allowed && line.product_type === 'dynamic') expectation = { ok: false, why: 'a dynamic line keeps its price' };
    else if (allowed && action.change === 'price-down') expectation = { ok: false, why: 'a lower total goes through the refund module' };
  }
  const response = await call(seq, 'PUT', `/orders/${order.id}/product`, { products: [edit] });
  seq.log.push(`edit #${order.id} ${JSON.stringify(edit)} → ${response.statusCode}`);
  if (judge(seq, `edit #${order.id}`, expectation, response) && action.change === 'quantity-up' && line.product_type === 'product') {
    moveExpected(seq, line.product_id, line.unit_id, -1);
  }
}

async function refund(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'refund' }>): Promise<void> {
  const { answer } = order;
  const lines = refundOrderLinesOf(answer);
  const allowed = answer.allowed_actions.refund;
  // The popup lets the cashier choose several products; `also` returns the next line in full too.
  const picks = [action.line, ...(action.also && lines.length > 1 ? [action.line + 1] : [])];
  const chosen: ChosenRefund[] = [];
  const sent: Array<{ id: number; quantity: number; condition: 'unspoiled' | 'damaged'; refund_type: 'refund_product' | 'refund_payment' }> = [];
  let refusal: string | null = null;
  let offered = true;
  for (const [index, at] of picks.entries()) {
    const line = pick(lines, at);
    const product = pick(answer.products, at);
    if (!line || !product) return;
    const type = index === 0 ? action.type : 'refund_product';
    const quantity = type === 'refund_product' && (action.all || index > 0) ? Math.max(1, product.refundable_quantity || product.available_quantity) : 1;
    if (quantity > product.refundable_quantity) offered = false;
    const unitShare = Math.floor(money(product.total_price) / product.quantity / 2 / 100) * 100;
    const choice: RefundProductChoice = {
      orderProductId: line.id, refund_type: type, condition: action.condition, description: '', quantity,
      ...(type === 'refund_payment' ? { unit_price: toDecimal(Math.max(100, unitShare)) } : {}),
    };
    sent.push({ id: line.id, quantity, condition: action.condition, refund_type: type });
    // The popup previews each product with the shared rules, counting the ones chosen before it.
    const preview = previewChoice(lines, chosen, choice, false);
    if (!preview.ok) { refusal ??= preview.message; continue; }
    chosen.push({ ...choice, name: line.name, refund: preview.refund });
  }
  const total = sum(chosen.map((entry) => entry.refund.total_price));
  const second = action.split && total >= 200 ? Math.floor(total / 2 / 100) * 100 : 0;
  const payments = second > 0
    ? [{ identifier: CASH_PAYMENT, label: 'cash', value: total - second }, { identifier: TENDER_ID[action.tender === 'cash' ? 'card' : action.tender], label: 'other', value: second }]
    : [{ identifier: TENDER_ID[action.tender], label: action.tender, value: total }];
  const body = refusal === null
    ? refundBodyOf({ chosen, payments, total, refundShipping: false, register: seq.register.id })
    : { products: sent, total: toDecimal(Math.max(total, 100)), payment: [{ identifier: TENDER_ID[action.tender], refundValue: toDecimal(Math.max(total, 100)) }], register: seq.register.id };
  const refundable = money(answer.refundable);
  // Money goes back the way it came: a tender other than cash gives back at most what the server says it can.
  const tenderRoom = (identifier: string) => money(answer.refundable_by_tender.find((tender) => tender.identifier === identifier)?.value ?? 0);
  const overTender = payments.find((payment) => payment.identifier !== CASH_PAYMENT && payment.value > tenderRoom(payment.identifier));
  const returnsOnly = chosen.every((entry) => entry.refund_type === 'refund_product');
  let expectation: Expectation;
  if (!allowed) expectation = { ok: false, why: 'refund not allowed' };
  else if (refusal !== null) expectation = { ok: false, why: `the popup refuses it: ${refusal}` };
  else if (total <= 0) expectation = { ok: false, why: 'nothing to refund' };
  else if (overTender) expectation = { ok: false, why: `${overTender.identifier} named for more than it can give back` };
  else if (total <= refundable) expectation = { ok: true, why: 'refund allowed, within what remains paid' };
  else if (answer.left_to_pay === 0 && returnsOnly && offered) {
    expectation = { ok: true, why: 'a settled order returns the units it offers', ...(answer.discount > 0 ? { gate: 'cart-discount-shared-by-lines' as const } : {}) };
  } else expectation = { ok: false, why: 'more than remains paid' };
  const response = await call(seq, 'POST', `/orders/${order.id}/refund`, body);
  seq.log.push(`refund #${order.id} ${JSON.stringify(body)} → ${response.statusCode}${response.statusCode >= 400 ? ` ${response.body.slice(0, 200)}` : ''}`);
  if (judge(seq, `refund #${order.id}`, expectation, response) && action.condition === 'unspoiled') {
    for (const entry of chosen) {
      const product = answer.products.find((line) => line.id === entry.orderProductId);
      if (entry.refund_type === 'refund_product' && product?.product_type === 'product') moveExpected(seq, product.product_id, product.unit_id, entry.refund.quantity);
    }
  }
}

async function addInstalment(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'add-instalment' }>): Promise<void> {
  const { answer } = order;
  const allowed = answer.allowed_actions.instalments;
  const listed = sum(order.instalments.map((instalment) => money(instalment.amount)));
  const room = money(answer.total) - listed;
  const left = money(answer.left_to_pay);
  let amount = action.part ? Math.floor(Math.min(room, left) / 2 / 100) * 100 : Math.min(room, left);
  if (amount <= 0) amount = 100;
  const payload = { instalment: { date: action.future ? '2099-12-31' : seq.today, amount: toDecimal(amount) } };
  const expectation: Expectation = !allowed ? { ok: false, why: 'instalments not allowed' }
    : listed + amount > money(answer.total) ? { ok: false, why: 'instalments above the total' } : { ok: true, why: 'instalments allowed, within the total' };
  const response = await call(seq, 'POST', `/orders/${order.id}/instalments`, payload);
  seq.log.push(`add instalment #${order.id} ${JSON.stringify(payload)} → ${response.statusCode}`);
  judge(seq, `add instalment #${order.id}`, expectation, response);
}

async function payInstalment(seq: Sequence, order: SeqOrder, action: Extract<Action, { kind: 'pay-instalment' }>): Promise<void> {
  const instalment = pick(order.instalments, action.instalment);
  if (!instalment) return;
  const { answer } = order;
  const allowed = answer.allowed_actions.instalments;
  const expectation: Expectation = !allowed ? { ok: false, why: 'instalments not allowed' }
    : instalment.paid ? { ok: false, why: 'already paid' }
      : instalment.date > seq.today ? { ok: false, why: 'not due yet' }
        : money(instalment.amount) > money(answer.left_to_pay) ? { ok: false, why: 'more than left to pay' }
          : { ok: true, why: 'a due instalment within what is left' };
  const payload = { payment_type: TENDER_ID[action.tender] };
  const response = await call(seq, 'POST', `/orders/${order.id}/instalments/${instalment.id}/pay`, payload);
  seq.log.push(`pay instalment #${order.id}/${instalment.id} (${instalment.amount}, ${instalment.date}, paid ${instalment.paid}) ${action.tender} → ${response.statusCode}`);
  judge(seq, `pay instalment #${order.id}`, expectation, response);
}

async function voidOrder(seq: Sequence, order: SeqOrder): Promise<boolean> {
  const allowed = order.answer.allowed_actions.void;
  const before = order.answer;
  const response = await call(seq, 'POST', `/orders/${order.id}/void`, { reason: 'Customer changed their mind' });
  seq.log.push(`void #${order.id} → ${response.statusCode}`);
  const done = judge(seq, `void #${order.id}`, allowed ? { ok: true, why: 'void allowed' } : { ok: false, why: 'void not allowed' }, response);
  if (done) for (const line of heldUnits(before)) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, line.quantity);
  return done;
}

async function deleteOrder(seq: Sequence, order: SeqOrder): Promise<boolean> {
  const allowed = order.answer.allowed_actions.delete;
  const before = order.answer;
  const response = await call(seq, 'DELETE', `/orders/${order.id}`);
  seq.log.push(`delete #${order.id} → ${response.statusCode}`);
  const deleted = judge(seq, `delete #${order.id}`, allowed ? { ok: true, why: 'delete allowed' } : { ok: false, why: 'delete not allowed' }, response);
  if (deleted && before.payment_status !== 'hold') {
    for (const line of heldUnits(before)) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, line.quantity);
  }
  return deleted;
}

/** The till resumes a parked order (PUT /orders/{id}) and takes its payment; only an order on hold can be. */
async function completeHeld(seq: Sequence, order: SeqOrder, tender: 'cash' | 'card', held: Set<number>): Promise<void> {
  const cart = { ...cartFromHeldOrder(order.answer), registerId: seq.register.id };
  const charge = roundUp(previewCart(cart, {}).totals.total, 2).amount;
  cart.payments = charge > 0 ? [{ identifier: TENDER_ID[tender], label: tender, value: toDecimal(charge) }] : [];
  const body = checkoutBody(cart);
  // Two lines of one product take from the same shelf.
  const wanted = new Map<string, number>();
  for (const line of order.answer.products) {
    if (line.product_type === 'product' && line.product_id !== null && line.unit_id !== null) {
      wanted.set(key(line.product_id, line.unit_id), (wanted.get(key(line.product_id, line.unit_id)) ?? 0) + line.quantity);
    }
  }
  const short = [...wanted].some(([unit, quantity]) => quantity > (seq.stockStart.get(unit) ?? 0) + (seq.stockMoved.get(unit) ?? 0));
  const expectation: Expectation = !held.has(order.id) ? { ok: false, why: 'only an order on hold is completed' }
    : short ? { ok: false, why: 'not enough stock' } : { ok: true, why: 'a held order completed with its payment' };
  const response = await call(seq, 'PUT', `/orders/${order.id}`, body);
  seq.log.push(`complete held #${order.id} ${JSON.stringify(body)} → ${response.statusCode}${response.statusCode >= 400 ? ` ${response.body.slice(0, 200)}` : ''}`);
  if (judge(seq, `complete held #${order.id}`, expectation, response)) {
    held.delete(order.id);
    const placed = response.json().data.order as OrderAnswer;
    for (const line of placed.products) if (line.product_type === 'product') moveExpected(seq, line.product_id, line.unit_id, -line.quantity);
  }
}

/** The request each action sends, for probing refusals: shaped as the screens send it. */
function probeRequest(order: SeqOrder, action: OrderAction, today: string, registerId: number): { method: 'POST' | 'PUT' | 'DELETE'; path: string; payload?: object } | null {
  const { answer } = order;
  const line = answer.products[0];
  switch (action) {
    case 'void': return { method: 'POST', path: `/orders/${order.id}/void`, payload: { reason: 'Probe' } };
    case 'delete': return { method: 'DELETE', path: `/orders/${order.id}` };
    case 'pay': return { method: 'POST', path: `/orders/${order.id}/payments`, payload: { identifier: CASH_PAYMENT, value: Math.max(0.01, answer.left_to_pay) } };
    case 'delete_payment': {
      const payment = answer.payments[0];
      return payment ? { method: 'DELETE', path: `/orders/${order.id}/payment/${payment.id}` } : null;
    }
    case 'refund': return line ? {
      method: 'POST', path: `/orders/${order.id}/refund`,
      payload: { products: [{ id: line.id, quantity: 1, condition: 'unspoiled' }], total: Math.max(0.01, Math.min(line.refundable_amount, line.total_price / line.quantity)), payment: { identifier: CASH_PAYMENT }, register: registerId },
    } : null;
    case 'edit_lines': return line ? { method: 'PUT', path: `/orders/${order.id}/product`, payload: { products: [{ id: line.id, unit_price: line.unit_price + 1 }] } } : null;
    case 'instalments': return { method: 'POST', path: `/orders/${order.id}/instalments`, payload: { instalment: { date: today, amount: 0.01 } } };
  }
}

/**
 * Every action the answer does not allow the cashier is refused (4xx). Each refusal is probed once per
 * order and state (status, owing or not), which keeps the run short without missing a state.
 */
async function probeRefusals(seq: Sequence, order: SeqOrder): Promise<boolean> {
  let accepted = false;
  for (const action of ORDER_ACTIONS) {
    if (order.answer.allowed_actions[action]) continue;
    const state = `${order.id}:${order.answer.payment_status}:${order.answer.left_to_pay > 0}:${order.answer.payments.length > 0}:${action}`;
    if (seq.probed.has(state)) continue;
    seq.probed.add(state);
    const request = probeRequest(order, action, seq.today, seq.register.id);
    if (!request) continue;
    const response = await call(seq, request.method, request.path, request.payload);
    if (response.statusCode < 400) {
      accepted = true;
      violate(seq, 'allowed-actions', `${action} on #${order.id} (${order.answer.payment_status}) is not allowed but ${request.method} ${request.path} answered ${response.statusCode}`);
    }
  }
  return accepted;
}

async function customerTries(seq: Sequence, order: SeqOrder, action: OrderAction): Promise<void> {
  const { customer } = seq.store;
  const seen = await call(seq, 'GET', `/orders/${order.id}`, undefined, customer);
  if (order.customerOwned) {
    if (seen.statusCode !== 200) violate(seq, 'allowed-actions', `the customer cannot read their own order #${order.id}: ${seen.statusCode}`);
    else {
      const allowed = (seen.json() as OrderAnswer).allowed_actions;
      const granted = ORDER_ACTIONS.filter((name) => allowed[name]);
      if (granted.length > 0) violate(seq, 'allowed-actions', `the customer is offered ${granted.join(', ')} on #${order.id}`);
    }
  } else if (seen.statusCode !== 404) violate(seq, 'allowed-actions', `the customer reads another's order #${order.id}: ${seen.statusCode}`);
  const request = probeRequest(order, action, seq.today, seq.register.id);
  if (!request) return;
  const response = await call(seq, request.method, request.path, request.payload, customer);
  seq.log.push(`customer ${action} #${order.id} → ${response.statusCode}`);
  if (response.statusCode < 400) violate(seq, 'allowed-actions', `the customer's ${action} on #${order.id} answered ${response.statusCode}`);
}

// ------------------------------------------------------------------ the invariants, after every step

const SALE_STATUSES = ['paid', 'partially_paid', 'unpaid', 'partially_refunded'];

function expectedStatus(answer: OrderAnswer): string {
  const total = money(answer.total);
  const kept = money(answer.tendered) - money(answer.change);
  const refunded = money(answer.total_refunded);
  const owed = total - kept;
  if (refunded > 0) {
    if (owed >= UNPAID_THRESHOLD) return 'partially_refunded';
    // The store keeps the card fee, as the card company keeps it: everything else given back reads refunded.
    return refunded >= Math.min(total, kept) - money(answer.cardfee) ? 'refunded' : 'partially_refunded';
  }
  if (owed >= UNPAID_THRESHOLD) return kept > 0 ? 'partially_paid' : 'unpaid';
  return 'paid';
}

async function checkInvariants(seq: Sequence, touched: SeqOrder | null, held: Set<number>, voided: Set<number>): Promise<void> {
  // Drawer: the register's balance from the API against its orders' cash in, change and cash refunds.
  const registers = await readJson<{ data: Array<{ $id: number; balance: number | string }> }>(seq, `/crud/ns.cash-registers?search=${encodeURIComponent(seq.register.name)}&per_page=50`);
  const row = registers.data.find((entry) => Number(entry.$id) === seq.register.id);
  const drawer = money(Number(row?.balance ?? NaN));
  let expected = 0;
  for (const order of seq.orders) {
    expected += sum(order.answer.payments.filter((payment) => payment.identifier === CASH_PAYMENT).map((payment) => money(payment.value)));
    expected -= money(order.answer.change);
    for (const refund of order.refunds) expected -= sum(refund.payments.filter((payment) => payment.identifier === CASH_PAYMENT).map((payment) => money(payment.value)));
  }
  if (drawer !== expected) violate(seq, 'drawer-cash', `register ${seq.register.name} holds ${show(drawer)}, its orders say ${show(expected)} (cash in − change − cash refunds)`);

  for (const order of seq.orders) {
    const { answer } = order;
    const kept = money(answer.tendered) - money(answer.change);
    if (money(answer.total_refunded) > kept) violate(seq, 'refunded-within-paid', `#${order.id} refunded ${answer.total_refunded} of ${show(kept)} paid`);
    const status = voided.has(order.id) ? 'order_void' : held.has(order.id) ? 'hold' : expectedStatus(answer);
    if (answer.payment_status !== status) {
      violate(seq, 'status-agrees', `#${order.id} reads ${answer.payment_status}, its figures say ${status} (total ${answer.total}, tendered ${answer.tendered}, change ${answer.change}, refunded ${answer.total_refunded})`);
    }
    const left = Math.max(0, money(answer.total) - kept);
    if (money(answer.left_to_pay) !== left && !voided.has(order.id) && !held.has(order.id)) {
      violate(seq, 'status-agrees', `#${order.id} answers left_to_pay ${answer.left_to_pay}, total − (tendered − change) is ${show(left)}`);
    }
    const allReturned = answer.products.length > 0 && answer.products.every((line) => line.refunded_quantity >= line.quantity);
    if (allReturned && !voided.has(order.id) && answer.left_to_pay === 0 && answer.shipping === 0 && answer.payment_status !== 'refunded') {
      violate(seq, answer.cardfee > 0 ? 'full-card-return-reads-refunded' : 'full-return-reads-refunded',
        `#${order.id}: every unit returned, nothing owed, but it reads ${answer.payment_status} (refunded ${answer.total_refunded} of ${show(kept)} kept, card fee ${answer.cardfee})`);
    }
  }
  if (!touched) return;

  // Vendor credit: each vendor of the touched order, against what customers paid on their lines.
  const vendors = new Set(touched.answer.products.map((line) => line.vendor_id).filter((vendor): vendor is number => vendor !== null));
  for (const vendor of vendors) {
    const credited = (await vendorSales(seq, vendor)).sales - (seq.salesStart.get(vendor) ?? 0);
    let collected = 0;
    for (const order of seq.orders) {
      const { answer } = order;
      if (!SALE_STATUSES.includes(answer.payment_status)) continue;
      // What is still sold of a line: its net (after its share of the cart discount) less what refunds gave back.
      const left = (line: OrderAnswer['products'][number]) => Math.max(0, money(line.total_price) - money(line.order_discount)
        - sum(answer.refunded_products.filter((entry) => entry.order_product_id === line.id).map((entry) => money(entry.total_price))));
      const mine = sum(answer.products.filter((line) => line.vendor_id === vendor).map(left));
      const all = sum(answer.products.map(left));
      const kept = Math.max(0, money(answer.tendered) - money(answer.change) - money(answer.total_refunded));
      if (mine > 0 && all > 0) collected += Math.min(mine, Math.ceil((kept * mine) / all)) + 100;
    }
    if (credited > collected) {
      violate(seq, 'vendor-credit-follows-collected', `vendor ${vendor} credited ${show(credited)} in sales this sequence, customers paid ${show(collected)} on their lines (a cent of slack per order)`);
    }
  }

  // The buyer's account: charged no more than it paid, and a refund given back once.
  const byAccount = (order: SeqOrder) => order.answer.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);
  if (byAccount(touched) || touched.refunds.some((entry) => entry.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT))) {
    const purchases = (await vendorSales(seq, BUYER)).purchases - seq.purchasesStart;
    const accountOrders = seq.orders.filter(byAccount);
    const backToAccount = sum(accountOrders.flatMap((order) => order.refunds.flatMap((entry) => entry.payments))
      .filter((payment) => payment.identifier === ACCOUNT_PAYMENT).map((payment) => money(payment.value)));
    const paidByAccount = sum(accountOrders.flatMap((order) => order.answer.payments)
      .filter((payment) => payment.identifier === ACCOUNT_PAYMENT).map((payment) => money(payment.value)));
    const slack = 100 * accountOrders.length;
    if (purchases > paidByAccount - backToAccount + slack) {
      violate(seq, 'buyer-charged-within-account-paid', `vendor ${BUYER} is charged ${show(purchases)} in purchases this sequence, their account paid ${show(paidByAccount)} and got ${show(backToAccount)} back`);
    }
    // What the account bought: the lines' nets (after the cart discount) without tax, for the part of the
    // order's goods (total less card fees) the account paid. Only refunds into the account may lower it.
    const paidOf = (order: SeqOrder) => sum(order.answer.payments.filter((payment) => payment.identifier === ACCOUNT_PAYMENT).map((payment) => money(payment.value)));
    const boughtOf = (order: SeqOrder) => {
      const nets = sum(order.answer.products.map((line) => {
        const total = money(line.total_price);
        return total > 0 ? Math.floor(((total - money(line.order_discount)) * money(line.total_price_without_tax)) / total) : 0;
      }));
      const goods = money(order.answer.total) - money(order.answer.cardfee);
      return goods > 0 && paidOf(order) < goods ? Math.floor((nets * paidOf(order)) / goods) : nets;
    };
    const charged = sum(accountOrders.map(boughtOf));
    if (charged - purchases > backToAccount + slack) {
      violate(seq, 'refund-goes-back-once', `vendor ${BUYER}'s purchases fell by ${show(charged - purchases)} on orders their account paid, but only ${show(backToAccount)} was refunded to the account (the rest went back in other tenders too)`);
    }
  }

  // Stock: API quantity = start + ledger movements = start + what the steps moved; never below zero.
  const touchedUnits = new Set(touched.answer.products.filter((line) => line.product_type === 'product' && line.product_id !== null).map((line) => key(line.product_id!, line.unit_id!)));
  for (const unit of touchedUnits) {
    const product = seq.store.products.find((entry) => key(entry.product_id, entry.unit_id) === unit);
    if (!product) continue;
    const quantity = await stockOfApi(seq, product);
    const movements = await seq.store.t.database.db.selectFrom('stock_movements').select(['quantity', 'quantity_before', 'quantity_after'])
      .where('id', '>', seq.movementsAfter).where('product_id', '=', product.product_id).where('unit_id', '=', product.unit_id).orderBy('id').execute();
    const start = seq.stockStart.get(unit) ?? 0;
    const ledger = start + movements.reduce((total, movement) => total + Number(movement.quantity), 0);
    const modelled = stockNow(seq, product.product_id, product.unit_id);
    if (quantity !== ledger || quantity !== modelled || quantity < 0) {
      violate(seq, 'stock-ledger', `${product.name}: the API says ${quantity}, start ${start} + ledger movements ${ledger - start} = ${ledger}, the steps moved it to ${modelled}`);
    }
    for (const movement of movements) {
      if (Number(movement.quantity_before) + Number(movement.quantity) !== Number(movement.quantity_after)) {
        violate(seq, 'stock-ledger', `${product.name}: a movement of ${movement.quantity} from ${movement.quantity_before} records ${movement.quantity_after}`);
      }
    }
  }
}

// ------------------------------------------------------------------ running a sequence

export interface SequenceResult { steps: number; knownOpen: Violation[] }

/**
 * Runs one sequence in a fresh register of the store and checks every invariant after every step.
 * Throws PropertyFailure when an invariant outside `knownOpen` fails.
 */
export async function runSequence(store: PropertyStore, actions: readonly Action[], knownOpen: readonly Invariant[] = KNOWN_OPEN): Promise<SequenceResult> {
  const seq = await startSequence(store);
  const held = new Set<number>();
  const voided = new Set<number>();
  const knownSeen: Violation[] = [];
  let steps = 0;
  const settle = () => {
    const real = seq.violations.filter((violation) => !knownOpen.includes(violation.invariant));
    for (const violation of seq.violations) {
      if (knownOpen.includes(violation.invariant)) {
        knownSeen.push(violation);
        store.knownOpenSeen.set(violation.invariant, (store.knownOpenSeen.get(violation.invariant) ?? 0) + 1);
      }
    }
    seq.violations = [];
    if (real.length > 0) throw new PropertyFailure(real, seq.log);
  };
  for (const action of actions) {
    steps += 1;
    let touched: SeqOrder | null = null;
    if (action.kind === 'checkout') {
      const before = seq.orders.length;
      await checkout(seq, action);
      touched = seq.orders.length > before ? seq.orders[seq.orders.length - 1]! : null;
      if (touched && action.pay === 'hold') held.add(touched.id);
    } else {
      const order = seq.orders.length === 0 ? undefined : seq.orders[seq.orders.length - 1 - (action.order % seq.orders.length)];
      if (!order) continue;
      touched = order;
      switch (action.kind) {
        case 'pay': await pay(seq, order, action); break;
        case 'delete-payment': await deletePayment(seq, order, action); break;
        case 'edit-line': await editLine(seq, order, action); break;
        case 'refund': await refund(seq, order, action); break;
        case 'add-instalment': await addInstalment(seq, order, action); break;
        case 'pay-instalment': await payInstalment(seq, order, action); break;
        case 'void': if (await voidOrder(seq, order)) voided.add(order.id); break;
        case 'delete':
          if (await deleteOrder(seq, order)) {
            seq.orders.splice(seq.orders.indexOf(order), 1);
            // SQLite may give the next order the id of the deleted one.
            held.delete(order.id);
            voided.delete(order.id);
            const gone = await call(seq, 'GET', `/orders/${order.id}`);
            if (gone.statusCode !== 404) violate(seq, 'allowed-actions', `#${order.id} was deleted but reads ${gone.statusCode}`);
            touched = null;
          }
          break;
        case 'customer-tries': await customerTries(seq, order, action.action); break;
        case 'complete-held': await completeHeld(seq, order, action.tender, held); break;
      }
    }
    if (touched) {
      await refresh(seq, touched);
      if (await probeRefusals(seq, touched)) await refresh(seq, touched);
    }
    await checkInvariants(seq, touched, held, voided);
    settle();
  }
  return { steps, knownOpen: knownSeen };
}
