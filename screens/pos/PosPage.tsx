import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRecordedMachine } from '../../engine/scenarios';
import { fromPromise } from 'xstate';
import { useQuery } from '@tanstack/react-query';
import { clearVoidCart, readPendingUpdate, readVoidCart } from '../orders';
import { askConfirm } from '../../engine/popups';
import { printReceipt } from '../../engine/printing';
import { useOptions } from '../../engine/session';
import { currencySettingsFrom, formatMoney as formatAmount } from '../../schemas/format';
import { fromDecimal, toDecimal, type Money } from '../../schemas/money';
import { CASH_PAYMENT, type CheckoutBody, type LineEdit, type OrderAnswer, type PaymentInput, type PosProductAnswer } from '../../schemas/orders/api';
import type { OptionsAnswer } from '../../schemas/options';
import { emptyCart, paymentsPreview, previewCart } from '../../machines/orders/checkoutCart';
import { amountToCharge, checkoutMachine, type OrderWriteAnswer } from '../../machines/orders/checkoutMachine';
import { BUTTON, PRIMARY_BUTTON } from './buttons';
import { CartLines } from './CartLines';
import { PaymentPanel } from './PaymentPanel';
import { LayawayFields } from './LayawayFields';
import { fetchOrder, fetchPaymentTypes, fetchRegisters, submitOrder, updateOrderProducts } from './posApi';
import { ProductSearch } from './ProductSearch';
import { ProductGrid } from './ProductGrid';
import { businessDateOf, displayTimeZone } from '../../schemas/format';
import { CartTotals } from './CartTotals';
import { OrderSetup } from './OrderSetup';
import { PendingUpdate } from './PendingUpdate';
import { SaleComplete } from './SaleComplete';
import { ShortcutButton } from './ShortcutButton';
import { useTillShortcuts } from './tillShortcuts';
import { useCartActions } from './useCartActions';
import { CouponEntry } from './CouponEntry';
import { useScanToCart } from './useScanToCart';
import { useSearchFocus } from './useSearchFocus';
import { useFinishedWrites, useRefusalNotices } from './tillEffects';

/** Today on the store's calendar (instalment dates are business days). */
const today = () => businessDateOf(new Date(), displayTimeZone());

/** The POS page (/dashboard/pos): waits for the store's options, then opens the till. */
export function PosPage() {
  const { data: options } = useOptions();
  if (!options)
    return (
      <p role="status" className="p-6 text-sm text-slate-500">
        Loading…
      </p>
    );
  return <Till options={options} />;
}

function Till({ options }: { options: OptionsAnswer }) {
  // What the Order Options popup handed over: read once; the void cart is cleared as soon as it is read.
  const [handover] = useState(() => ({ pending: readPendingUpdate(), voidCart: readVoidCart() }));
  useEffect(() => {
    if (handover.voidCart) clearVoidCart();
  }, [handover]);

  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          submitOrder: fromPromise<OrderWriteAnswer, { body: CheckoutBody; heldOrderId: number | null }>(({ input }) => submitOrder(input)),
          loadOrder: fromPromise<OrderAnswer, { orderId: number }>(({ input }) => fetchOrder(input.orderId, true)),
          updateOrder: fromPromise<OrderWriteAnswer, { orderId: number; products: LineEdit[]; payments: PaymentInput[] }>(({ input }) =>
            updateOrderProducts(input),
          ),
        },
      }),
    [],
  );
  const [state, send, actor] = useRecordedMachine('checkout', machine, {
    input: {
      options,
      pending: handover.pending ? { orderId: handover.pending.orderId, code: handover.pending.code, products: handover.pending.products } : null,
      voidLines: handover.voidCart?.products ?? null,
    },
  });
  const context = state.context;
  const settings = useMemo(() => currencySettingsFrom(options), [options]);
  const formatMoney = (amount: Money) => formatAmount(amount, settings);
  const formatPrice = (amount: number) => formatAmount(fromDecimal(amount), settings);
  const paymentTypes = useQuery({ queryKey: ['pos', 'payment-types'], queryFn: fetchPaymentTypes, staleTime: 60_000 });
  const registers = useQuery({ queryKey: ['pos', 'registers'], queryFn: fetchRegisters, staleTime: 60_000 });

  const searchRef = useRef<HTMLInputElement>(null);
  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  const [selection, setSelection] = useState<{ key: string | null; productId: number | null }>({ key: null, productId: null });

  useRefusalNotices(context);
  useFinishedWrites(state.value, context, options, send);

  const done = state.matches('done') && !context.held;
  const paying = state.matches('paying') || state.matches('submitting');
  const inCart = state.matches('cart');
  // On the sale complete screen the cart is already the next sale's: empty.
  const cart = done ? emptyCart() : context.cart;
  const preview = previewCart(cart);
  const summary = { charge: amountToCharge(context), ...paymentsPreview(amountToCharge(context), context.cart.payments) };
  const allow = { price: options.unit_price_editable === 'yes', discount: options.products_discount === 'yes', cart: options.cart_discount === 'yes' };
  const busy = state.matches('submitting') || state.matches('holding') || state.matches({ update: 'submitting' });
  const selected =
    cart.lines.find((line) => line.key === selection.key) ??
    cart.lines.findLast((line) => line.product_id !== null && line.product_id === selection.productId) ??
    cart.lines.at(-1) ??
    null;

  const actions = useCartActions({
    options,
    cart: context.cart,
    subtotal: preview.totals.subtotal,
    send,
    formatPrice,
    focusSearch,
    select: (key) => setSelection({ key, productId: null }),
  });

  function addProduct(product: PosProductAnswer) {
    send({ type: 'ADD_PRODUCT', product });
    setSelection({ key: null, productId: product.id });
    focusSearch();
  }

  useScanToCart(actor, addProduct, options.ns_pos_scanner_key_gap);

  // Placing an order with something left to pay is a choice the cashier confirms, never a forgotten payment.
  const saveUnpaid = async () => {
    if (await askConfirm(`${formatMoney(summary.due)} is left to pay. Save this order as unpaid?`, 'Save Unpaid')) send({ type: 'CHECKOUT', unpaid: true });
  };
  const newSale = () => {
    send({ type: 'NEW_SALE' });
    focusSearch();
  };
  const cashType = paymentTypes.data?.find((type) => type.identifier === CASH_PAYMENT);
  const exactCash = () => {
    if (cashType && summary.due > 0)
      send({ type: 'ADD_PAYMENT', payment: { identifier: cashType.identifier, label: cashType.label, value: toDecimal(summary.due) } });
  };

  useTillShortcuts({
    help: () => void actions.shortcuts(),
    ...(inCart && {
      pay: () => send({ type: 'PAY' }),
      hold: () => send({ type: 'HOLD' }),
      voidCart: () => void actions.clear(),
      ...(selected && {
        quantity: () => void actions.line.quantity(selected),
        vendor: () => void actions.line.vendor(selected),
        ...(allow.discount && {
          discount: () => void actions.line.discount(selected, toDecimal(preview.lines[cart.lines.indexOf(selected)]?.total_price ?? 0)),
        }),
      }),
    }),
    ...(state.matches('paying') && { pay: () => send({ type: 'CHECKOUT' }), back: () => send({ type: 'BACK' }), exactCash }),
    ...(done && { newSale }),
  });

  useSearchFocus(focusSearch, inCart || done, JSON.stringify(state.value));

  if (state.matches('update')) {
    const step = state.matches({ update: 'loading' }) ? 'loading' : state.matches({ update: 'failed' }) ? 'failed' : 'paying';
    return (
      <PendingUpdate context={context} step={step} summary={summary} paymentTypes={paymentTypes.data ?? []} formatMoney={formatMoney} busy={busy} send={send} />
    );
  }

  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-label="Products" className="flex min-w-0 flex-col gap-3">
        {paying ? (
          <PaymentPanel
            cart={context.cart}
            summary={summary}
            paymentTypes={paymentTypes.data ?? []}
            formatMoney={formatMoney}
            busy={busy}
            addPayment={(payment, balance) => send({ type: 'ADD_PAYMENT', payment, ...(balance === undefined ? {} : { balance }) })}
            removePayment={(index) => send({ type: 'REMOVE_PAYMENT', index })}
            footer={
              <>
                <ShortcutButton shortcut="back" className={`${BUTTON} min-h-11`} disabled={busy} onClick={() => send({ type: 'BACK' })}>
                  Back
                </ShortcutButton>
                {summary.due > 0 && !(context.cart.layaway && context.cart.instalments.length > 0) && (
                  <button type="button" className={`${BUTTON} min-h-11`} disabled={busy} onClick={() => void saveUnpaid()}>
                    Save Unpaid
                  </button>
                )}
                <ShortcutButton shortcut="pay" className={`${PRIMARY_BUTTON} min-h-11 px-6`} disabled={busy} onClick={() => send({ type: 'CHECKOUT' })}>
                  Checkout
                </ShortcutButton>
              </>
            }
          >
            <LayawayFields
              cart={context.cart}
              total={preview.totals.total}
              formatMoney={formatMoney}
              toggle={(enabled) => send({ type: 'SET_LAYAWAY', enabled })}
              add={() => send({ type: 'ADD_INSTALMENT', date: today() })}
              change={(index, values) => send({ type: 'CHANGE_INSTALMENT', index, ...values })}
              remove={(index) => send({ type: 'REMOVE_INSTALMENT', index })}
            />
          </PaymentPanel>
        ) : (
          <>
            <ProductSearch inputRef={searchRef} onAdd={addProduct} formatPrice={formatPrice} />
            {done && context.order && (
              <SaleComplete
                order={context.order}
                formatMoney={formatMoney}
                printReceipt={() => printReceipt(options, 'sale', context.order!.id)}
                newSale={newSale}
              />
            )}
            <ProductGrid onAdd={addProduct} formatPrice={formatPrice} />
          </>
        )}
      </section>

      <aside aria-label="Cart" className="flex min-w-0 flex-col gap-3">
        {context.cart.heldOrderId !== null && !done && <p className="text-sm text-amber-700">Resuming a held order.</p>}
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
          <CartLines
            lines={cart.lines}
            totals={preview.lines}
            actions={actions.line}
            can={allow}
            formatPrice={formatPrice}
            selectedKey={selected?.key ?? null}
            disabled={!inCart}
          />
        </div>
        <CartTotals preview={preview} formatMoney={formatMoney} />
        {!paying && (
          <>
            <div className="flex flex-wrap gap-2">
              <button type="button" className={`${BUTTON} min-h-11`} onClick={() => void actions.customItem()}>
                Custom Item
              </button>
              <button type="button" className={`${BUTTON} min-h-11`} onClick={() => void actions.quickEntry()}>
                Quick Entry
              </button>
              {allow.cart && (
                <button type="button" className={`${BUTTON} min-h-11`} onClick={() => void actions.cartDiscount()}>
                  Cart Discount
                </button>
              )}
              {Number(options.ns_enable_coupon) === 1 && <CouponEntry cart={context.cart} send={send} focusSearch={focusSearch} />}
              <button type="button" className={`${BUTTON} min-h-11`} onClick={() => void actions.resumeHeld()}>
                Held Orders
              </button>
              <ShortcutButton shortcut="voidCart" className={`${BUTTON} min-h-11`} disabled={cart.lines.length === 0} onClick={() => void actions.clear()}>
                Clear
              </ShortcutButton>
              <ShortcutButton shortcut="help" className={`${BUTTON} min-h-11`} onClick={() => void actions.shortcuts()}>
                Shortcut Keys
              </ShortcutButton>
            </div>
            {!done && <OrderSetup context={context} registers={registers} send={send} />}
            <div className="flex gap-2">
              <ShortcutButton
                shortcut="hold"
                wrapperClassName="flex-1"
                className={`${BUTTON} min-h-14 w-full text-base`}
                disabled={busy || done}
                onClick={() => send({ type: 'HOLD' })}
              >
                Hold
              </ShortcutButton>
              <ShortcutButton
                shortcut="pay"
                wrapperClassName="flex-[2]"
                className={`${PRIMARY_BUTTON} min-h-14 w-full text-lg`}
                disabled={busy || done}
                onClick={() => send({ type: 'PAY' })}
              >
                Pay
              </ShortcutButton>
            </div>
          </>
        )}
      </aside>
    </div>
  );
}
