import { sum } from '../../../schemas/money';
import { ACCOUNT_PAYMENT, CASH_PAYMENT, type OrderAnswer } from '../../../schemas/orders/api';
import { UNPAID_THRESHOLD } from '../../../schemas/orders/paymentStatus';
import { type Invariant, KNOWN_OPEN, PropertyFailure, type Violation } from './invariants';
import type { Action } from './actions';
import {
  BUYER,
  type PropertyStore,
  type SeqOrder,
  type Sequence,
  call,
  key,
  money,
  readJson,
  refresh,
  show,
  startSequence,
  stockNow,
  stockOfApi,
  vendorSales,
  violate,
} from './sequence';
import { addInstalment, deleteOrder, deletePayment, editLine, pay, payInstalment, voidOrder } from './steps';
import { checkout, completeHeld } from './placeSteps';
import { refund } from './refundSteps';
import { customerTries, probeRefusals } from './probes';

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
  const registers = await readJson<{ data: Array<{ $id: number; balance: number | string }> }>(
    seq,
    `/crud/ns.cash-registers?search=${encodeURIComponent(seq.register.name)}&per_page=50`,
  );
  const row = registers.data.find((entry) => Number(entry.$id) === seq.register.id);
  const drawer = money(Number(row?.balance ?? NaN));
  let expected = 0;
  for (const order of seq.orders) {
    expected += sum(order.answer.payments.filter((payment) => payment.identifier === CASH_PAYMENT).map((payment) => money(payment.value)));
    expected -= money(order.answer.change);
    for (const refund of order.refunds)
      expected -= sum(refund.payments.filter((payment) => payment.identifier === CASH_PAYMENT).map((payment) => money(payment.value)));
  }
  if (drawer !== expected)
    violate(seq, 'drawer-cash', `register ${seq.register.name} holds ${show(drawer)}, its orders say ${show(expected)} (cash in − change − cash refunds)`);

  for (const order of seq.orders) {
    const { answer } = order;
    const kept = money(answer.tendered) - money(answer.change);
    if (money(answer.total_refunded) > kept) violate(seq, 'refunded-within-paid', `#${order.id} refunded ${answer.total_refunded} of ${show(kept)} paid`);
    const status = voided.has(order.id) ? 'order_void' : held.has(order.id) ? 'hold' : expectedStatus(answer);
    if (answer.payment_status !== status) {
      violate(
        seq,
        'status-agrees',
        `#${order.id} reads ${answer.payment_status}, its figures say ${status} (total ${answer.total}, tendered ${answer.tendered}, change ${answer.change}, refunded ${answer.total_refunded})`,
      );
    }
    const left = Math.max(0, money(answer.total) - kept);
    if (money(answer.left_to_pay) !== left && !voided.has(order.id) && !held.has(order.id)) {
      violate(seq, 'status-agrees', `#${order.id} answers left_to_pay ${answer.left_to_pay}, total − (tendered − change) is ${show(left)}`);
    }
    const allReturned = answer.products.length > 0 && answer.products.every((line) => line.refunded_quantity >= line.quantity);
    if (allReturned && !voided.has(order.id) && answer.left_to_pay === 0 && answer.shipping === 0 && answer.payment_status !== 'refunded') {
      violate(
        seq,
        answer.cardfee > 0 ? 'full-card-return-reads-refunded' : 'full-return-reads-refunded',
        `#${order.id}: every unit returned, nothing owed, but it reads ${answer.payment_status} (refunded ${answer.total_refunded} of ${show(kept)} kept, card fee ${answer.cardfee})`,
      );
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
      const left = (line: OrderAnswer['products'][number]) =>
        Math.max(
          0,
          money(line.total_price) -
            money(line.order_discount) -
            sum(answer.refunded_products.filter((entry) => entry.order_product_id === line.id).map((entry) => money(entry.total_price))),
        );
      const mine = sum(answer.products.filter((line) => line.vendor_id === vendor).map(left));
      const all = sum(answer.products.map(left));
      const kept = Math.max(0, money(answer.tendered) - money(answer.change) - money(answer.total_refunded));
      if (mine > 0 && all > 0) collected += Math.min(mine, Math.ceil((kept * mine) / all)) + 100;
    }
    if (credited > collected) {
      violate(
        seq,
        'vendor-credit-follows-collected',
        `vendor ${vendor} credited ${show(credited)} in sales this sequence, customers paid ${show(collected)} on their lines (a cent of slack per order)`,
      );
    }
  }

  // The buyer's account: charged no more than it paid, and a refund given back once.
  const byAccount = (order: SeqOrder) => order.answer.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT);
  if (byAccount(touched) || touched.refunds.some((entry) => entry.payments.some((payment) => payment.identifier === ACCOUNT_PAYMENT))) {
    const purchases = (await vendorSales(seq, BUYER)).purchases - seq.purchasesStart;
    const accountOrders = seq.orders.filter(byAccount);
    const backToAccount = sum(
      accountOrders
        .flatMap((order) => order.refunds.flatMap((entry) => entry.payments))
        .filter((payment) => payment.identifier === ACCOUNT_PAYMENT)
        .map((payment) => money(payment.value)),
    );
    const paidByAccount = sum(
      accountOrders
        .flatMap((order) => order.answer.payments)
        .filter((payment) => payment.identifier === ACCOUNT_PAYMENT)
        .map((payment) => money(payment.value)),
    );
    const slack = 100 * accountOrders.length;
    if (purchases > paidByAccount - backToAccount + slack) {
      violate(
        seq,
        'buyer-charged-within-account-paid',
        `vendor ${BUYER} is charged ${show(purchases)} in purchases this sequence, their account paid ${show(paidByAccount)} and got ${show(backToAccount)} back`,
      );
    }
    // What the account bought: the lines' nets (after the cart discount) without tax, for the part of the
    // order's goods (total less card fees) the account paid. Only refunds into the account may lower it.
    const paidOf = (order: SeqOrder) =>
      sum(order.answer.payments.filter((payment) => payment.identifier === ACCOUNT_PAYMENT).map((payment) => money(payment.value)));
    const boughtOf = (order: SeqOrder) => {
      const nets = sum(
        order.answer.products.map((line) => {
          const total = money(line.total_price);
          return total > 0 ? Math.floor(((total - money(line.order_discount)) * money(line.total_price_without_tax)) / total) : 0;
        }),
      );
      const goods = money(order.answer.total) - money(order.answer.cardfee);
      return goods > 0 && paidOf(order) < goods ? Math.floor((nets * paidOf(order)) / goods) : nets;
    };
    const charged = sum(accountOrders.map(boughtOf));
    if (charged - purchases > backToAccount + slack) {
      violate(
        seq,
        'refund-goes-back-once',
        `vendor ${BUYER}'s purchases fell by ${show(charged - purchases)} on orders their account paid, but only ${show(backToAccount)} was refunded to the account (the rest went back in other tenders too)`,
      );
    }
  }

  // Stock: API quantity = start + ledger movements = start + what the steps moved; never below zero.
  const touchedUnits = new Set(
    touched.answer.products.filter((line) => line.product_type === 'product' && line.product_id !== null).map((line) => key(line.product_id!, line.unit_id!)),
  );
  for (const unit of touchedUnits) {
    const product = seq.store.products.find((entry) => key(entry.product_id, entry.unit_id) === unit);
    if (!product) continue;
    const quantity = await stockOfApi(seq, product);
    const movements = await seq.store.t.database.db
      .selectFrom('stock_movements')
      .select(['quantity', 'quantity_before', 'quantity_after'])
      .where('id', '>', seq.movementsAfter)
      .where('product_id', '=', product.product_id)
      .where('unit_id', '=', product.unit_id)
      .orderBy('id')
      .execute();
    const start = seq.stockStart.get(unit) ?? 0;
    const ledger = start + movements.reduce((total, movement) => total + Number(movement.quantity), 0);
    const modelled = stockNow(seq, product.product_id, product.unit_id);
    if (quantity !== ledger || quantity !== modelled || quantity < 0) {
      violate(
        seq,
        'stock-ledger',
        `${product.name}: the API says ${quantity}, start ${start} + ledger movements ${ledger - start} = ${ledger}, the steps moved it to ${modelled}`,
      );
    }
    for (const movement of movements) {
      if (Number(movement.quantity_before) + Number(movement.quantity) !== Number(movement.quantity_after)) {
        violate(seq, 'stock-ledger', `${product.name}: a movement of ${movement.quantity} from ${movement.quantity_before} records ${movement.quantity_after}`);
      }
    }
  }
}

// ------------------------------------------------------------------ running a sequence

export interface SequenceResult {
  steps: number;
  knownOpen: Violation[];
}

/**
 * Runs one sequence in a fresh register of the store and checks every invariant after every step, then
 * `afterStep` (another test's own check, given the steps sent so far).
 * Throws PropertyFailure when an invariant outside `knownOpen` fails.
 */
export async function runSequence(
  store: PropertyStore,
  actions: readonly Action[],
  knownOpen: readonly Invariant[] = KNOWN_OPEN,
  afterStep?: (log: readonly string[]) => Promise<void>,
): Promise<SequenceResult> {
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
        case 'pay':
          await pay(seq, order, action);
          break;
        case 'delete-payment':
          await deletePayment(seq, order, action);
          break;
        case 'edit-line':
          await editLine(seq, order, action);
          break;
        case 'refund':
          await refund(seq, order, action);
          break;
        case 'add-instalment':
          await addInstalment(seq, order, action);
          break;
        case 'pay-instalment':
          await payInstalment(seq, order, action);
          break;
        case 'void':
          if (await voidOrder(seq, order)) voided.add(order.id);
          break;
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
        case 'customer-tries':
          await customerTries(seq, order, action.action);
          break;
        case 'complete-held':
          await completeHeld(seq, order, action.tender, held);
          break;
      }
    }
    if (touched) {
      await refresh(seq, touched);
      if (await probeRefusals(seq, touched)) await refresh(seq, touched);
    }
    await checkInvariants(seq, touched, held, voided);
    settle();
    await afterStep?.(seq.log);
  }
  return { steps, knownOpen: knownSeen };
}
