import { useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useQuery } from '@tanstack/react-query';
import {
  clearPendingUpdate,
  clearVoidCart,
  openDiscountPopup,
  openProductNamePopup,
  openProductPricePopup,
  openQuantityPopup,
  readPendingUpdate,
  readVoidCart,
} from '../orders';
import { askConfirm, openPopup } from '../../engine/popups';
import { useOptions } from '../../engine/session';
import type { PickedVendor, VendorPickerProps } from '../vendors';
import { currencySettingsFrom, formatMoney as formatAmount } from '../../schemas/format';
import { fromDecimal, type Money } from '../../schemas/money';
import type { CheckoutBody, HeldOrderAnswer, LineEdit, OrderAnswer, PaymentInput } from '../../schemas/orders/api';
import type { OptionsAnswer } from '../../schemas/options';
import { paymentsPreview, previewCart, type CartLine } from '../../machines/orders/checkoutCart';
import { amountToCharge, checkoutMachine, type OrderWriteAnswer } from '../../machines/orders/checkoutMachine';
import { BUTTON, PRIMARY_BUTTON } from './buttons';
import { CartLines } from './CartLines';
import { HeldOrdersPopup, type HeldOrdersPopupProps } from './HeldOrdersPopup';
import { PaymentPanel } from './PaymentPanel';
import { LayawayFields } from './LayawayFields';
import { fetchOrder, fetchPaymentTypes, fetchRegisters, submitOrder, updateOrderProducts } from './posApi';
import { ProductSearch } from './ProductSearch';
import { businessDateOf, displayTimeZone } from '../../schemas/format';
import { UpdateSummary } from './UpdateSummary';
import { CartTotals } from './CartTotals';
import { OrderSetup } from './OrderSetup';
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
  const [state, send] = useMachine(machine, {
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

  useRefusalNotices(context);
  useFinishedWrites(state.value, context, options, send);

  const preview = previewCart(context.cart, options);
  const summary = { charge: amountToCharge(context), ...paymentsPreview(amountToCharge(context), context.cart.payments, options) };
  const allow = { price: options.unit_price_editable === 'yes', discount: options.products_discount === 'yes', cart: options.cart_discount === 'yes' };
  const busy = state.matches('submitting') || state.matches('holding') || state.matches({ update: 'submitting' });
  // Placing an order with something left to pay is a choice the cashier confirms, never a forgotten payment.
  const saveUnpaid = async () => {
    if (await askConfirm(`${formatMoney(summary.due)} is left to pay. Save this order as unpaid?`, 'Save Unpaid')) send({ type: 'CHECKOUT', unpaid: true });
  };

  const lineActions = {
    async quantity(line: CartLine) {
      const quantity = await openQuantityPopup({ current: line.quantity, allowDecimal: options.ns_pos_allow_decimal_quantities === 'yes' });
      if (quantity !== null) send({ type: 'SET_QUANTITY', key: line.key, quantity });
    },
    async price(line: CartLine) {
      const unitPrice = await openProductPricePopup(line.unit_price);
      if (unitPrice !== null) send({ type: 'SET_PRICE', key: line.key, unitPrice });
    },
    async discount(line: CartLine, base: number) {
      const discount = await openDiscountPopup({ title: 'Product Discount', base, ...(line.discount ? { current: line.discount } : {}) });
      if (discount !== null) send({ type: 'SET_LINE_DISCOUNT', key: line.key, discount: discount.value > 0 ? discount : null });
    },
    async name(line: CartLine) {
      const name = await openProductNamePopup(line.name);
      if (name !== null) send({ type: 'SET_NAME', key: line.key, name });
    },
    async vendor(line: CartLine) {
      const vendor = await openPopup<PickedVendor, VendorPickerProps>('vendor-select', { title: 'Select Vendor' }).catch(() => null);
      if (vendor && !Array.isArray(vendor)) send({ type: 'SET_VENDOR', key: line.key, vendor: { vendor_id: vendor.vendor_id, username: vendor.username } });
    },
    remove(line: CartLine) {
      send({ type: 'REMOVE_LINE', key: line.key });
    },
  };

  async function addCustomItem() {
    const name = await openProductNamePopup('');
    if (name === null) return;
    const unitPrice = await openProductPricePopup(0);
    if (unitPrice !== null) send({ type: 'ADD_DYNAMIC', name, unitPrice });
  }

  async function cartDiscount() {
    const base = preview.totals.subtotal / 10_000;
    const discount = await openDiscountPopup({ title: 'Cart Discount', base, ...(context.cart.discount ? { current: context.cart.discount } : {}) });
    if (discount !== null) send({ type: 'SET_CART_DISCOUNT', discount: discount.value > 0 ? discount : null });
  }

  async function resumeHeld() {
    const held = await openPopup<HeldOrderAnswer, HeldOrdersPopupProps>(HeldOrdersPopup, { formatPrice }).catch(() => null);
    if (!held) return;
    const order = await fetchOrder(held.id).catch(() => null);
    if (order) send({ type: 'RESUME', order });
  }

  if (state.matches('update')) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4 p-4">
        {context.update && <UpdateSummary update={context.update} formatMoney={formatMoney} />}
        {state.matches({ update: 'loading' }) && (
          <p role="status" className="text-sm text-slate-500">
            Loading…
          </p>
        )}
        {state.matches({ update: 'failed' }) && (
          <div className="flex gap-2">
            <button type="button" className={BUTTON} onClick={() => send({ type: 'RETRY' })}>
              Retry
            </button>
            <button
              type="button"
              className={BUTTON}
              onClick={() => {
                clearPendingUpdate();
                send({ type: 'CANCEL' });
              }}
            >
              Cancel
            </button>
          </div>
        )}
        {(state.matches({ update: 'paying' }) || state.matches({ update: 'submitting' })) && (
          <PaymentPanel
            cart={context.cart}
            summary={summary}
            paymentTypes={paymentTypes.data ?? []}
            options={options}
            formatMoney={formatMoney}
            busy={busy}
            addPayment={(payment, balance) => send({ type: 'ADD_PAYMENT', payment, ...(balance === undefined ? {} : { balance }) })}
            removePayment={(index) => send({ type: 'REMOVE_PAYMENT', index })}
            footer={
              <>
                <button
                  type="button"
                  className={BUTTON}
                  disabled={busy}
                  onClick={() => {
                    clearPendingUpdate();
                    send({ type: 'CANCEL' });
                  }}
                >
                  Cancel
                </button>
                <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
                  Update Order
                </button>
              </>
            }
          />
        )}
      </div>
    );
  }

  const paying = state.matches('paying') || state.matches('submitting');
  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-label="Cart" className="flex min-w-0 flex-col gap-3">
        {!paying && <ProductSearch onAdd={(product) => send({ type: 'ADD_PRODUCT', product })} formatPrice={formatPrice} />}
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
          <CartLines lines={context.cart.lines} totals={preview.lines} actions={lineActions} can={allow} formatPrice={formatPrice} />
        </div>
        {!paying && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON} onClick={() => void addCustomItem()}>
              Custom Item
            </button>
            {allow.cart && (
              <button type="button" className={BUTTON} onClick={() => void cartDiscount()}>
                Cart Discount
              </button>
            )}
            <button type="button" className={BUTTON} onClick={() => void resumeHeld()}>
              Held Orders
            </button>
            <button type="button" className={BUTTON} disabled={context.cart.lines.length === 0} onClick={() => send({ type: 'CLEAR' })}>
              Clear
            </button>
          </div>
        )}
      </section>

      <aside aria-label="Checkout" className="flex flex-col gap-3">
        {context.cart.heldOrderId !== null && <p className="text-sm text-amber-700">Resuming a held order.</p>}
        {!paying && <OrderSetup context={context} registers={registers} send={send} />}
        <CartTotals preview={preview} formatMoney={formatMoney} />
        {paying ? (
          <PaymentPanel
            cart={context.cart}
            summary={summary}
            paymentTypes={paymentTypes.data ?? []}
            options={options}
            formatMoney={formatMoney}
            busy={busy}
            addPayment={(payment, balance) => send({ type: 'ADD_PAYMENT', payment, ...(balance === undefined ? {} : { balance }) })}
            removePayment={(index) => send({ type: 'REMOVE_PAYMENT', index })}
            footer={
              <>
                <button type="button" className={BUTTON} disabled={busy} onClick={() => send({ type: 'BACK' })}>
                  Back
                </button>
                {summary.due > 0 && !(context.cart.layaway && context.cart.instalments.length > 0) && (
                  <button type="button" className={BUTTON} disabled={busy} onClick={() => void saveUnpaid()}>
                    Save Unpaid
                  </button>
                )}
                <button type="button" className={PRIMARY_BUTTON} disabled={busy} onClick={() => send({ type: 'CHECKOUT' })}>
                  Checkout
                </button>
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
          <div className="flex gap-2">
            <button type="button" className={`${BUTTON} flex-1`} disabled={busy} onClick={() => send({ type: 'HOLD' })}>
              Hold
            </button>
            <button type="button" className={`${PRIMARY_BUTTON} flex-1`} disabled={busy} onClick={() => send({ type: 'PAY' })}>
              Pay
            </button>
          </div>
        )}
      </aside>
    </div>
  );
}
