import { createInputField, registerField } from '../engine/fields';

/** A one-line text input. */
export const TextField = createInputField('text', {}, 'TextField');

registerField('text', TextField);
