/**
 * Importing this module registers every generic field type (and built-in custom component) with the
 * engine. The application's domain types (commission_rent, floorlayout, spacehistory) are registered by
 * their areas of screens/ (screens/register.ts); integrators' types come from extensions/fields/ (./extensions.ts).
 */
import './text';
import './password';
import './email';
import './number';
import './time';
import './color';
import './phone';
import './date';
import './select';
import './textarea';
import './checkbox';
import './multiselect';
import './select-audio';
import './switch';
import './link';
import './custom';
import './product-unit-quantities';
import './barcode_scanner';
// Pickers, rich text, documents, media.
import './extra';
// Integrators' types from extensions/fields/.
import './extensions';

export { TextField } from './text';
export { PasswordField } from './password';
export { EmailField } from './email';
export { NumberField } from './number';
export { TimeField } from './time';
export { ColorField } from './color';
export { PhoneField } from './phone';
export { DateField } from './date';
export { SelectField, optionIndexOf } from './select';
export { TextareaField } from './textarea';
export { CheckboxField, isChecked } from './checkbox';
export { MultiselectField } from './multiselect';
export { SelectAudioField } from './select-audio';
export { SwitchField, SWITCH_MAX_PER_ROW } from './switch';
export { LinkField } from './link';
export { CustomField } from './custom';
export { ProductUnitQuantities, type UnitQuantity } from './product-unit-quantities';
export { BarcodeScannerField } from './barcode_scanner';
