import { fromDecimal, multiply, toDecimal } from '../../schemas/money';
import { clampPercent, type Discount } from '../../schemas/orders/discount';
import { lineTotals } from '../../schemas/orders/lineTotals';
import { orderTotals } from '../../schemas/orders/orderTotals';
import type { LineEdit, OrderAnswer, OrderProductAnswer, VendorRef } from '../../schemas/orders/api';

/** Spec 03 §5 "Order line edits" and "Order product update" messages, exactly as the spec spells them. */
export const LINE_EDIT_MESSAGES = {
  dynamicPrice: "Dynamic product can't have their price updated.",
  priceDisabled: 'The editable price feature is disabled.',
  discountDisabled: "You're not allowed to add a discount on the product.",
  lowerTotal: 'Unable To Update Order. Please Use Refund Module When The New Price Is Lower Than The Original Price.',
} as const;

/** Spec 03 §9: the refused update's toast stays 6 seconds. */
export const LOWER_TOTAL_NOTICE_MS = 6000;

/** The options the rules read (GET /options). */
export interface LineEditOptions {
  unit_price_editable?: string;
  products_discount?: string;
}

export type EditableField = 'vendor' | 'name' | 'price' | 'quantity' | 'discount' | 'tax';

/** The fields of one order product the popup may change; absent keys keep the stored value. */
export interface LineDraft {
  name?: string;
  unit_price?: number;
  quantity?: number;
  discount_type?: 'flat' | 'percentage' | null;
  discount_percentage?: number;
  discount?: number;
  tax_type?: 'inclusive' | 'exclusive';
  vendor_id?: number | null;
  /** Display only: the picked vendor. */
  vendor?: VendorRef | null;
}

const yes = (value: string | undefined) => value === 'yes';

/** Spec 03 §5: quantity is editable only on catalogue products without coupons. */
export function quantityEditable(line: Pick<OrderProductAnswer, 'product_type' | 'coupons'>): boolean {
  return line.product_type === 'product' && line.coupons.length === 0;
}

/**
 * The refusal a field edit meets (spec 03 §5), as the spec's message; null when it may proceed.
 * A locked quantity has no message in the spec: the field simply is not clickable (see quantityEditable).
 */
export function editRefusal(line: Pick<OrderProductAnswer, 'product_type'>, field: EditableField, options: LineEditOptions): string | null {
  if (field === 'price') {
    if (line.product_type === 'dynamic') return LINE_EDIT_MESSAGES.dynamicPrice;
    if (!yes(options.unit_price_editable)) return LINE_EDIT_MESSAGES.priceDisabled;
  }
  if (field === 'discount' && !yes(options.products_discount)) return LINE_EDIT_MESSAGES.discountDisabled;
  return null;
}

/** A line as the edit leaves it: the stored product with the draft's fields over it. */
export function editedLine(line: OrderProductAnswer, draft: LineDraft | undefined): OrderProductAnswer {
  if (!draft) return line;
  const { vendor, ...fields } = draft;
  return { ...line, ...fields, ...(vendor !== undefined ? { vendor } : {}) };
}

/**
 * Spec 03 §5: a percentage discount is clamped to 0–100; a flat one is capped at the line's price
 * (unit price × quantity). Answers the draft fields the discount sets.
 */
export function discountDraft(line: Pick<OrderProductAnswer, 'unit_price' | 'quantity'>, discount: { type: 'flat' | 'percentage'; value: number }): LineDraft {
  if (discount.type === 'percentage') {
    return { discount_type: 'percentage', discount_percentage: clampPercent(discount.value), discount: 0 };
  }
  const gross = toDecimal(multiply(fromDecimal(line.unit_price), line.quantity));
  const amount = Math.min(Math.max(0, discount.value), gross);
  return { discount_type: 'flat', discount_percentage: 0, discount: amount };
}

function discountOf(line: Pick<OrderProductAnswer, 'discount_type' | 'discount_percentage' | 'discount'>): Discount | undefined {
  if (line.discount_type === 'percentage') return { type: 'percentage', percent: line.discount_percentage };
  if (line.discount_type === 'flat') return { type: 'flat', amount: fromDecimal(line.discount) };
  return undefined;
}

/** A line's tax and total as the edit would make them (decimals), with the shared line rules. */
export function linePreview(line: OrderProductAnswer): { tax_value: number; total_price: number } {
  const totals = lineTotals({ unitPrice: fromDecimal(line.unit_price), quantity: line.quantity, taxType: line.tax_type, discount: discountOf(line) });
  return { tax_value: toDecimal(totals.tax_value), total_price: toDecimal(totals.total_price) };
}

/** The order's total computed with the shared rules (schemas/orders) from the given lines. */
function computedTotal(order: OrderAnswer, lines: readonly OrderProductAnswer[]) {
  const totals = lines.map((line) =>
    lineTotals({
      unitPrice: fromDecimal(line.unit_price),
      quantity: line.quantity,
      taxType: line.tax_type,
      discount: discountOf(line),
    }),
  );
  const orderDiscount =
    order.discount_type === 'percentage'
      ? { type: 'percentage' as const, percent: order.discount_percentage }
      : order.discount_type === 'flat'
        ? { type: 'flat' as const, amount: fromDecimal(order.discount) }
        : undefined;
  return orderTotals(totals, {
    discount: orderDiscount,
    coupons: order.coupons.map((coupon) => fromDecimal(coupon.value)),
    shipping: fromDecimal(order.shipping),
  }).total;
}

export interface TotalsPreview {
  /** The order's total as the server answered it. */
  previousTotal: number;
  /** That total moved by what the edits change (card fee and round up stay as they were). */
  newTotal: number;
  comparison: 'lower' | 'equal' | 'higher';
}

/** Spec 03 §4: the edited order's total previewed with the same rules as the server, compared with the stored one. */
export function previewTotals(order: OrderAnswer, drafts: Readonly<Record<number, LineDraft>>): TotalsPreview {
  const before = computedTotal(order, order.products);
  const after = computedTotal(
    order,
    order.products.map((line) => editedLine(line, drafts[line.id])),
  );
  const delta = after - before;
  return {
    previousTotal: order.total,
    newTotal: toDecimal(fromDecimal(order.total) + delta),
    comparison: delta < 0 ? 'lower' : delta === 0 ? 'equal' : 'higher',
  };
}

const DRAFT_KEYS = ['name', 'unit_price', 'quantity', 'discount_type', 'discount_percentage', 'discount', 'tax_type', 'vendor_id'] as const;

/** The draft's fields whose value differs from the stored line (the outlined ones). */
export function changedFields(line: OrderProductAnswer, draft: LineDraft | undefined): Set<(typeof DRAFT_KEYS)[number]> {
  const changed = new Set<(typeof DRAFT_KEYS)[number]>();
  if (!draft) return changed;
  for (const key of DRAFT_KEYS) {
    if (draft[key] !== undefined && draft[key] !== line[key]) changed.add(key);
  }
  return changed;
}

/** PUT /orders/{id}/product lines: the changed fields of each edited product. */
export function lineEditsOf(order: OrderAnswer, drafts: Readonly<Record<number, LineDraft>>): LineEdit[] {
  const edits: LineEdit[] = [];
  for (const line of order.products) {
    const changed = changedFields(line, drafts[line.id]);
    if (changed.size === 0) continue;
    const edit: LineEdit = { id: line.id };
    const draft = drafts[line.id]!;
    for (const key of changed) Object.assign(edit, { [key]: draft[key] });
    // A discount travels whole: its type, percentage and amount together.
    if (changed.has('discount_type') || changed.has('discount_percentage') || changed.has('discount')) {
      Object.assign(edit, {
        discount_type: draft.discount_type ?? line.discount_type,
        discount_percentage: draft.discount_percentage ?? line.discount_percentage,
        discount: draft.discount ?? line.discount,
      });
    }
    edits.push(edit);
  }
  return edits;
}
