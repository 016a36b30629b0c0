import { FieldFrame, type FieldProps, errorAttributes, fieldInputId } from '../engine/fields';
import { DateRangePicker } from '../engine/widgets/datetime';

/**
 * Extra keys a daterangepicker field may carry in its declaration: `date_only` (MM-DD-YYYY without
 * the time) and `disabled_ranges` ([{startDate, endDate}] a selection may not overlap).
 */
interface DateRangeFieldExtras {
  date_only?: boolean;
  disabled_ranges?: unknown[];
}

/** Spec 01 §3, §5: a {startDate, endDate} range; null when cleared. */
export function DateRangePickerField({ name, label, description, value, onChange, errors, disabled, required, field }: FieldProps) {
  const id = fieldInputId(name);
  const extras = (field ?? {}) as DateRangeFieldExtras;
  const invalid = errorAttributes(name, errors);
  return (
    <FieldFrame inputId={id} label={label} description={description} errors={errors} required={required}>
      <DateRangePicker
        id={id}
        value={value}
        onChange={onChange}
        dateOnly={extras.date_only === true}
        disabledRanges={Array.isArray(extras.disabled_ranges) ? extras.disabled_ranges : []}
        disabled={disabled}
        invalid={'aria-invalid' in invalid}
        describedBy={invalid['aria-describedby']}
      />
    </FieldFrame>
  );
}
