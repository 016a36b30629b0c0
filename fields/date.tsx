import { createInputField, registerField } from '../engine/fields';

/** A calendar date, stored as 'YYYY-MM-DD'. */
export const DateField = createInputField('date', {}, 'DateField');

registerField('date', DateField);
