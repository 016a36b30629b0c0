import { openDiscountPopup, openProductNamePopup, openProductPricePopup, openQuantityPopup } from '../orders';
import { askConfirm, openPopup } from '../../engine/popups';
import type { PickedVendor, VendorPickerProps } from '../vendors';
import type { HeldOrderAnswer } from '../../schemas/orders/api';
import type { OptionsAnswer } from '../../schemas/options';
import type { Cart, CartLine } from '../../machines/orders/checkoutCart';
import type { CheckoutEvent } from '../../machines/orders/checkoutMachine';
import { toDecimal, type Money } from '../../schemas/money';
import { HeldOrdersPopup, type HeldOrdersPopupProps } from './HeldOrdersPopup';
import { ShortcutSheet } from './ShortcutSheet';
import { openQuickEntry } from './QuickEntryPopup';
import { fetchOrder } from './posApi';
import { resumeHeldOrder } from './resumeHeldOrder';
import type { LineActions } from './CartLines';

interface CartActionsInput {
  options: OptionsAnswer;
  cart: Cart;
  subtotal: Money;
  send(event: CheckoutEvent): void;
  formatPrice(amount: number): string;
  /** Focuses the search box: called before each popup opens, so closing the popup brings focus back to it. */
  focusSearch(): void;
  select(key: string): void;
}

/** What the till's buttons and keys do to the cart, through its popups. */
export function useCartActions({ options, cart, subtotal, send, formatPrice, focusSearch, select }: CartActionsInput) {
  const line: LineActions = {
    async quantity(line: CartLine) {
      select(line.key);
      focusSearch();
      const quantity = await openQuantityPopup({ current: line.quantity, allowDecimal: options.ns_pos_allow_decimal_quantities === 'yes' });
      if (quantity !== null) send({ type: 'SET_QUANTITY', key: line.key, quantity });
    },
    async price(line: CartLine) {
      select(line.key);
      focusSearch();
      const unitPrice = await openProductPricePopup(line.unit_price);
      if (unitPrice !== null) send({ type: 'SET_PRICE', key: line.key, unitPrice });
    },
    async discount(line: CartLine, base: number) {
      select(line.key);
      focusSearch();
      const discount = await openDiscountPopup({ title: 'Product Discount', base, ...(line.discount ? { current: line.discount } : {}) });
      if (discount !== null) send({ type: 'SET_LINE_DISCOUNT', key: line.key, discount: discount.value > 0 ? discount : null });
    },
    async name(line: CartLine) {
      select(line.key);
      focusSearch();
      const name = await openProductNamePopup(line.name);
      if (name !== null) send({ type: 'SET_NAME', key: line.key, name });
    },
    async vendor(line: CartLine) {
      select(line.key);
      focusSearch();
      const vendor = await openPopup<PickedVendor, VendorPickerProps>('vendor-select', { title: 'Select Vendor' }).catch(() => null);
      if (vendor && !Array.isArray(vendor)) send({ type: 'SET_VENDOR', key: line.key, vendor: { vendor_id: vendor.vendor_id, username: vendor.username } });
    },
    remove(line: CartLine) {
      send({ type: 'REMOVE_LINE', key: line.key });
      focusSearch();
    },
  };

  return {
    line,
    async customItem() {
      focusSearch();
      const name = await openProductNamePopup('');
      if (name === null) return;
      const unitPrice = await openProductPricePopup(0);
      if (unitPrice !== null) send({ type: 'ADD_DYNAMIC', name, unitPrice });
    },
    /** Untagged goods: the vendor number and the price typed, a dynamic line credited to that vendor. */
    async quickEntry() {
      focusSearch();
      const entry = await openQuickEntry();
      if (entry) send({ type: 'ADD_DYNAMIC', ...entry });
    },
    async cartDiscount() {
      focusSearch();
      const base = toDecimal(subtotal);
      const discount = await openDiscountPopup({ title: 'Cart Discount', base, ...(cart.discount ? { current: cart.discount } : {}) });
      if (discount !== null) send({ type: 'SET_CART_DISCOUNT', discount: discount.value > 0 ? discount : null });
    },
    async resumeHeld() {
      focusSearch();
      const held = await openPopup<HeldOrderAnswer, HeldOrdersPopupProps>(HeldOrdersPopup, { formatPrice }).catch(() => null);
      if (!held) return;
      const order = await fetchOrder(held.id).catch(() => null);
      if (order) await resumeHeldOrder(order, send);
    },
    /** Void cart: asks first, a cart is never emptied by a stray key. */
    async clear() {
      if (cart.lines.length === 0) return;
      focusSearch();
      if (await askConfirm('Remove every product from the cart?', 'Clear Cart')) send({ type: 'CLEAR' });
    },
    async shortcuts() {
      focusSearch();
      await openPopup(ShortcutSheet, {}).catch(() => undefined);
    },
  };
}
