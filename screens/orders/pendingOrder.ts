import { readLocal, removeLocal, writeLocal } from '../../engine/storage';
import type { PendingOrderUpdate } from '../../machines/orders/orderLineEditMachine';
import type { CheckoutLine } from '../../schemas/orders/api';

/**
 * The hand-over between the Order Options popup and the till (spec 03 §2, §4): each redirect to
 * /dashboard/pos first stores what the till must finish, under one of these keys; the till reads it once
 * and clears it when the work is done or abandoned.
 */
export const POS_PATH = '/dashboard/pos';
export const PENDING_UPDATE_KEY = 'ns-pos-pending-order-update';
export const VOID_CART_KEY = 'ns-pos-void-cart';

/** A voided order's lines, put back into a new cart ('Add Items To Shopping Cart'). */
export interface VoidCart {
  fromOrderCode: string;
  products: CheckoutLine[];
}

export type { PendingOrderUpdate };

export const storePendingUpdate = (update: PendingOrderUpdate) => writeLocal(PENDING_UPDATE_KEY, update);
export const readPendingUpdate = () => readLocal<PendingOrderUpdate | null>(PENDING_UPDATE_KEY, null);
export const clearPendingUpdate = () => removeLocal(PENDING_UPDATE_KEY);

export const storeVoidCart = (cart: VoidCart) => writeLocal(VOID_CART_KEY, cart);
export const readVoidCart = () => readLocal<VoidCart | null>(VOID_CART_KEY, null);
export const clearVoidCart = () => removeLocal(VOID_CART_KEY);
