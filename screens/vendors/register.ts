import { registerField } from '../../engine/fields';
import { registerPopup } from '../../engine/popups';
import { CommissionRentField } from './commissionRentField';
import { VendorPicker } from './VendorPicker';
import { ItemTagsPopup } from './tags/ItemTagsPopup';

/**
 * The vendor select / multiselect popup ('vendor-select', spec 03 §2), the item tags popup of the items
 * lists' 'Print Tags' bulk action ('item-tags') and the vendor form's fee terms field.
 */
export function registerVendors(): void {
  registerPopup('vendor-select', VendorPicker);
  registerPopup('item-tags', ItemTagsPopup);
  registerField('commission_rent', CommissionRentField);
}
