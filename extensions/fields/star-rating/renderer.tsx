import { FieldFrame, type FieldProps, fieldInputId } from '../../../engine/fields';
import { STARS } from './definition';

const STAR_NUMBERS = Array.from({ length: STARS }, (_, index) => index + 1);

/**
 * Five star buttons: a click picks that many stars, a click on the picked star clears the rating (null).
 * The value is the number of stars, as the type's definition stores it.
 */
export default function StarRatingField({ name, label, description, value, onChange, errors, disabled, required }: FieldProps) {
  const id = fieldInputId(name);
  const stars = typeof value === 'number' ? value : 0;
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <div id={id} role="group" aria-label={label} className="flex gap-1">
        {STAR_NUMBERS.map((count) => (
          <button
            key={count}
            type="button"
            aria-label={`${count} of ${STARS} stars`}
            aria-pressed={count === stars}
            disabled={disabled}
            className={`text-2xl leading-none ${count <= stars ? 'text-amber-500' : 'text-slate-300'}`}
            onClick={() => onChange(count === stars ? null : count)}
          >
            {count <= stars ? '★' : '☆'}
          </button>
        ))}
      </div>
    </FieldFrame>
  );
}
