/** Importing this module registers every built-in field type with the engine's registry. */
import './text';
import './password';
import './number';
import './select';
import './switch';

export { TextField } from './text';
export { PasswordField } from './password';
export { NumberField } from './number';
export { SelectField } from './select';
export { SwitchField, SWITCH_MAX_PER_ROW } from './switch';
