import { registerField } from '../../engine/fields';
import { lazyNamed } from '../../engine/lazy';
import { registerPopup } from '../../engine/popups';

/**
 * The vendor select / multiselect popup ('vendor-select', spec 03 §2), the item tags popup of the items
 * lists' 'Print Tags' bulk action ('item-tags') and the vendor form's fee terms field; each loads on first use.
 */
export function registerVendors(): void {
  registerPopup(
    'vendor-select',
    lazyNamed(() => import('./VendorPicker'), 'VendorPicker'),
  );
  registerPopup(
    'item-tags',
    lazyNamed(() => import('./tags/ItemTagsPopup'), 'ItemTagsPopup'),
  );
  registerField(
    'commission_rent',
    lazyNamed(() => import('./commissionRentField'), 'CommissionRentField'),
  );
}
