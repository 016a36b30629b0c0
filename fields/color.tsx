import { createInputField, registerField } from '../engine/fields';

/** A colour picker, stored as '#rrggbb'. */
export const ColorField = createInputField('color', {}, 'ColorField');

registerField('color', ColorField);
