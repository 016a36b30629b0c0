import { createInputField, registerField } from '../engine/fields';

/** A time of day, stored as 'HH:mm'. */
export const TimeField = createInputField('time', {}, 'TimeField');

registerField('time', TimeField);
