import type { PaymentStatus } from '../../../schemas/paymentStatus';
/** A demo discount as written here: a percentage, or a flat amount in decimals. */
export type Discount = { type: 'percentage'; percent: number } | { type: 'flat'; amount: string };

/** A line of a catalogue product (by name and unit identifier), or a dynamic line with its own name and price. */
export type DemoLine =
  | { product: string; unit: string; quantity: number; vendor: number; discount?: Discount }
  | { dynamic: string; price: string; quantity: number; vendor: number; discount?: Discount };

export interface DemoOrder {
  status: PaymentStatus;
  daysAgo: number;
  /** Index into the seeded customers: 0 is the demo customer with a login, 1–3 walk-ins. */
  customer: number;
  cashier: string;
  register: 'front' | 'back';
  lines: readonly DemoLine[];
  type?: 'takeaway' | 'delivery';
  shipping?: string;
  discount?: Discount;
  coupons?: ReadonlyArray<{ name: string; amount: string }>;
  payments: ReadonlyArray<[identifier: string, amount: string]>;
  /** Each instalment: days after the order, amount, and the index of the payment that settled it. */
  instalments?: ReadonlyArray<{ daysAfter: number; amount: string; paidBy?: number }>;
  voidReason?: string;
  refund?: {
    lines: ReadonlyArray<{ line: number; quantity: number; condition: 'damaged' | 'unspoiled' }>;
    payments: ReadonlyArray<[identifier: string, amount: string]>;
  };
  note?: string;
}

/**
 * One demo order per payment status (two paid), lines sold by vendors 101–104. Amounts in the comments are
 * what orderTotals computes; the seed asserts payments against them.
 */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    // 2 × 22.00 + 19.99 + 4 × 6.75 = 90.99; cash 100.00, change 9.01.
    status: 'paid',
    daysAgo: 6,
    customer: 0,
    cashier: 'cashier',
    register: 'front',
    payments: [['cash-payment', '100.00']],
    lines: [
      { product: 'Hand-Thrown Mug', unit: 'piece', quantity: 2, vendor: 101 },
      { product: 'Silk Scarf', unit: 'piece', quantity: 1, vendor: 102 },
      { product: 'Beeswax Candles', unit: 'piece', quantity: 4, vendor: 101 },
    ],
  },
  {
    // 149.00 + 45.00 − 4.00 = 190.00, paid in two instalments of 95.00; the first is paid.
    status: 'partially_paid',
    daysAgo: 5,
    customer: 0,
    cashier: 'cashier',
    register: 'front',
    discount: { type: 'flat', amount: '4.00' },
    payments: [['cash-payment', '95.00']],
    instalments: [
      { daysAfter: 0, amount: '95.00', paidBy: 0 },
      { daysAfter: 30, amount: '95.00' },
    ],
    lines: [
      { product: 'Oak Rocking Chair', unit: 'piece', quantity: 1, vendor: 103 },
      { product: 'Quilted Table Runner', unit: 'piece', quantity: 1, vendor: 104 },
    ],
    note: 'Layaway: second half due in 30 days.',
  },
  {
    // 65.00 − 10 % + 34.00 = 92.50, plus 7.50 shipping = 100.00; nothing paid yet.
    status: 'unpaid',
    daysAgo: 4,
    customer: 1,
    cashier: 'manager',
    register: 'front',
    type: 'delivery',
    shipping: '7.50',
    payments: [],
    lines: [
      { product: 'Denim Jacket 1980s', unit: 'piece', quantity: 1, vendor: 102, discount: { type: 'percentage', percent: 10 } },
      { product: 'Brass Candle Holder', unit: 'pair', quantity: 1, vendor: 103 },
    ],
  },
  {
    // 27.25 + 35.00 = 62.25, parked at the till.
    status: 'hold',
    daysAgo: 3,
    customer: 2,
    cashier: 'cashier',
    register: 'front',
    payments: [],
    lines: [
      { product: 'Milk Glass Vase', unit: 'piece', quantity: 1, vendor: 104 },
      { dynamic: 'Handmade Birdhouse', price: '35.00', quantity: 1, vendor: 101 },
    ],
  },
  {
    // 2 × 18.50 = 37.00 by card, then voided; stock returned.
    status: 'order_void',
    daysAgo: 2,
    customer: 3,
    cashier: 'cashier',
    register: 'front',
    payments: [['card', '37.00']],
    voidReason: 'Customer changed their mind.',
    lines: [{ product: 'Brass Candle Holder', unit: 'piece', quantity: 2, vendor: 103 }],
  },
  {
    // 2 × 19.99 + 22.00 = 61.98 by card, all refunded unspoiled to the card.
    status: 'refunded',
    daysAgo: 2,
    customer: 1,
    cashier: 'manager',
    register: 'front',
    payments: [['card', '61.98']],
    refund: {
      lines: [
        { line: 0, quantity: 2, condition: 'unspoiled' },
        { line: 1, quantity: 1, condition: 'unspoiled' },
      ],
      payments: [['card', '61.98']],
    },
    lines: [
      { product: 'Silk Scarf', unit: 'piece', quantity: 2, vendor: 102 },
      { product: 'Hand-Thrown Mug', unit: 'piece', quantity: 1, vendor: 101 },
    ],
  },
  {
    // 2 × 45.00 + 72.00 − coupon 5.00 = 157.00, cash and bank; one runner refunded as damaged, 43.61 in cash:
    // the runners carry 2.78 of the coupon (largest remainder over 90.00 and 72.00), so each sold for 43.61.
    status: 'partially_refunded',
    daysAgo: 1,
    customer: 2,
    cashier: 'cashier',
    register: 'front',
    coupons: [{ name: 'SPRING5', amount: '5.00' }],
    payments: [
      ['cash-payment', '100.00'],
      ['bank-payment', '57.00'],
    ],
    refund: { lines: [{ line: 0, quantity: 1, condition: 'damaged' }], payments: [['cash-payment', '43.61']] },
    lines: [
      { product: 'Quilted Table Runner', unit: 'piece', quantity: 2, vendor: 104 },
      { product: 'Beeswax Candles', unit: 'dozen', quantity: 1, vendor: 101 },
    ],
  },
  {
    // 240.00 − 10 % = 216.00 by card.
    status: 'paid',
    daysAgo: 0,
    customer: 0,
    cashier: 'manager',
    register: 'back',
    discount: { type: 'percentage', percent: 10 },
    payments: [['card', '216.00']],
    lines: [{ product: 'Hand-Thrown Mug', unit: 'dozen', quantity: 1, vendor: 101 }],
  },
];
