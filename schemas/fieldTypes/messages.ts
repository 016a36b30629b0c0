import { PHONE_MASK } from './formats';

/**
 * The messages a field type's check answers, identical in the browser form and in the server's 422
 * (both run the same definitions). The spec words only required and email (spec 01 §5); these follow
 * its 'This field …' form and name the format the picker or mask produces.
 */
export const FIELD_TYPE_MESSAGES = {
  phone: `This field must be a phone number in the form ${PHONE_MASK}.`,
  date: 'This field must be a date in the form YYYY-MM-DD.',
  time: 'This field must be a time in the form HH:mm.',
  dateTime: 'This field must be a date and time in the form MM/DD/YYYY HH:mm (hours 0-23, minutes 0-59, years 1-9998).',
  color: 'This field must be a color in the form #rrggbb.',
  dateRange: 'This field must be a date range from startDate to endDate in the form MM-DD-YYYY HH:mm.',
  dateOnlyRange: 'This field must be a date range from startDate to endDate in the form MM-DD-YYYY.',
  rangeOverlap: 'This field must not overlap a date range that is not available.',
  option: 'This field has a value that is not allowed.',
} as const;

export const minimumMessage = (bound: number) => `This field must be at least ${bound}.`;
export const maximumMessage = (bound: number) => `This field must not exceed ${bound}.`;
