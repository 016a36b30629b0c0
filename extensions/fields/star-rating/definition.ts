import type { FieldTypeRegistration } from '../../../schemas/fieldTypes';

/** The most stars a rating gives. */
export const STARS = 5;

export const STAR_RATING_MESSAGE = `This field must be a whole number of stars from 1 to ${STARS}.`;

const isRating = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= STARS;

/**
 * The star-rating field type: a whole number of stars, 1 to 5, stored in an integer column and shown in a
 * list as filled and empty stars. The folder's name is the type's name ("type": "star-rating").
 */
const starRating: FieldTypeRegistration = {
  column: 'integer',
  check: (value) => (isRating(value) ? null : STAR_RATING_MESSAGE),
  cell: (value) => (isRating(value) ? '★'.repeat(value) + '☆'.repeat(STARS - value) : String(value)),
};

export default starRating;
