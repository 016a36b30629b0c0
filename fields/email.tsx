import { createInputField, registerField } from '../engine/fields';

/** An email address input; the address is checked by the 'email' rule, not by the browser. */
export const EmailField = createInputField('email', { autoComplete: 'email', inputMode: 'email' }, 'EmailField');

registerField('email', EmailField);
