import { registerField } from '../../engine/fields';
import { registerPopup } from '../../engine/popups';
import { CommissionRentField } from './commissionRentField';
import { VendorPicker } from './VendorPicker';

/** The vendor select / multiselect popup ('vendor-select', spec 03 §2) and the vendor form's fee terms field. */
export function registerVendors(): void {
  registerPopup('vendor-select', VendorPicker);
  registerField('commission_rent', CommissionRentField);
}
