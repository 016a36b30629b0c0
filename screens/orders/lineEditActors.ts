import type { OptionsAnswer } from '../../schemas/options';
import { discountDraft, type LineDraft } from '../../machines/orders/orderLineEditRules';
import type { AskFieldInput } from '../../machines/orders/orderLineEditMachine';
import { showSnackbar } from '../../engine/notices';
import { openPopup } from '../../engine/popups';
import { VENDOR_MESSAGES, type VendorSummary } from '../vendors';
import { openDiscountPopup, openProductNamePopup, openProductPricePopup, openQuantityPopup } from './popups';
import { fetchActiveVendors } from './ordersApi';

/** The vendor picker's answer; only an active user with a vendor_id may sell a line (spec 03 §6). */
async function askVendor(): Promise<LineDraft | null> {
  let picked: Pick<VendorSummary, 'id' | 'username' | 'vendor_id'>;
  try {
    picked = await openPopup<Pick<VendorSummary, 'id' | 'username' | 'vendor_id'>>('vendor-select');
  } catch {
    return null;
  }
  const active = await fetchActiveVendors(picked.username).catch(() => []);
  if (!active.some((vendor) => vendor.vendor_id === picked.vendor_id)) {
    showSnackbar({ message: VENDOR_MESSAGES.noVendor, variant: 'error' });
    return null;
  }
  return { vendor_id: picked.vendor_id, vendor: { id: picked.id, username: picked.username, vendor_id: picked.vendor_id } };
}

/**
 * The line editor's `ask` actor: the popup of each editable field (spec 03 §2), answering the draft
 * fields it sets, or null when closed. The machine has already applied the spec's refusals.
 */
export async function askLineField({ field, line }: AskFieldInput, options: Pick<OptionsAnswer, 'ns_pos_allow_decimal_quantities'>): Promise<LineDraft | null> {
  switch (field) {
    case 'vendor':
      return askVendor();
    case 'name': {
      const name = await openProductNamePopup(line.name);
      return name === null ? null : { name };
    }
    case 'price': {
      const price = await openProductPricePopup(line.unit_price);
      return price === null ? null : { unit_price: price };
    }
    case 'quantity': {
      const quantity = await openQuantityPopup({ current: line.quantity, allowDecimal: options.ns_pos_allow_decimal_quantities === 'yes' });
      return quantity === null ? null : { quantity };
    }
    case 'discount': {
      const current =
        line.discount_type === 'percentage'
          ? { type: 'percentage' as const, value: line.discount_percentage }
          : line.discount_type === 'flat'
            ? { type: 'flat' as const, value: line.discount }
            : undefined;
      const base = line.unit_price * line.quantity;
      const choice = await openDiscountPopup({ title: 'Product Discount', base, ...(current ? { current } : {}) });
      return choice === null ? null : discountDraft(line, choice);
    }
    case 'tax':
      return { tax_type: line.tax_type === 'inclusive' ? 'exclusive' : 'inclusive' };
  }
}
