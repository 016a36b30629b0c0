import fc from 'fast-check';
import { ORDER_ACTIONS, type OrderAction } from '../../../schemas/orders/rules';

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
  | {
      kind: 'refund';
      order: number;
      line: number;
      type: 'refund_product' | 'refund_payment';
      all: boolean;
      also: boolean;
      split: boolean;
      condition: 'unspoiled' | 'damaged';
      tender: Tender;
    }
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
export const tender = fc.constantFrom<Tender>('cash', 'card', 'account');
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
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant<'checkout'>('checkout'),
      lines: fc.array(lineGen, { minLength: 1, maxLength: 3 }),
      cartDiscount: fc.option(discount, { freq: 3 }),
      pay: fc.constantFrom<CheckoutPay>('cash', 'cash-over', 'card', 'split', 'account', 'layaway', 'layaway-nothing-down', 'unpaid', 'part-unpaid', 'hold'),
      customer: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant<'pay'>('pay'), order: orderPick, tender, part: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'delete-payment'>('delete-payment'), order: orderPick, payment: nat }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'edit-line'>('edit-line'),
      order: orderPick,
      line: nat,
      change: fc.constantFrom<'quantity-up' | 'price-up' | 'price-down'>('quantity-up', 'price-up', 'price-down'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant<'refund'>('refund'),
      order: orderPick,
      line: nat,
      type: fc.constantFrom<'refund_product' | 'refund_payment'>('refund_product', 'refund_product', 'refund_payment'),
      all: fc.boolean(),
      also: fc.boolean(),
      split: fc.boolean(),
      condition: fc.constantFrom<'unspoiled' | 'damaged'>('unspoiled', 'damaged'),
      tender,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant<'add-instalment'>('add-instalment'), order: orderPick, part: fc.boolean(), future: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'pay-instalment'>('pay-instalment'),
      order: orderPick,
      instalment: nat,
      tender: fc.constantFrom<'cash' | 'card'>('cash', 'card'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'void'>('void'), order: orderPick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'delete'>('delete'), order: orderPick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant<'complete-held'>('complete-held'), order: orderPick, tender: fc.constantFrom<'cash' | 'card'>('cash', 'card') }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'customer-tries'>('customer-tries'), order: orderPick, action: fc.constantFrom(...ORDER_ACTIONS) }) },
);

/** A sequence: a checkout first (the other actions need an order), then any actions. */
export const sequenceArb = (maxLength: number) =>
  fc
    .tuple(
      actionArb.filter((action) => action.kind === 'checkout'),
      fc.array(actionArb, { minLength: 1, maxLength: Math.max(1, maxLength - 1) }),
    )
    .map(([first, rest]) => [first, ...rest]);
