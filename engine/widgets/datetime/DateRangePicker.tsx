import * as Popover from '@radix-ui/react-popover';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CalendarIcon } from '../icons';
import { CalendarPanel, type DayMark } from './CalendarPanel';
import { acceptRange, formatRange, orderedRange, parseRange, type DateRangeValue, type MomentRange } from './dateRange';
import { withTime } from './dateTimeRules';
import { PICKER_BUTTON_CLASSES, PICKER_PANEL_CLASSES } from './DateTimePicker';
import { TimeInputs } from './TimeInputs';

export interface DateRangePickerProps {
  id?: string;
  value: unknown;
  /** The new range, or null when cleared (or refused because it overlaps a disabled range). */
  onChange: (value: DateRangeValue | null) => void;
  /** MM-DD-YYYY instead of MM-DD-YYYY HH:mm. */
  dateOnly?: boolean;
  /** Ranges ({startDate, endDate}) a selection may not overlap. */
  disabledRanges?: readonly unknown[];
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

function markOf(range: MomentRange | null, pending: Dayjs | null) {
  return (day: Dayjs): DayMark => {
    if (pending) return day.isSame(pending, 'day') ? 'selected' : undefined;
    if (!range) return undefined;
    if (day.isSame(range.start, 'day') || day.isSame(range.end, 'day')) return 'selected';
    return day.isAfter(range.start) && day.isBefore(range.end) ? 'in-range' : undefined;
  };
}

/**
 * A date-range picker (spec 01 §5, §9): two clicks pick the ends, weeks start on Monday, times move
 * by 1 minute; a range overlapping a disabled range is cleared.
 */
export function DateRangePicker({ id, value, onChange, dateOnly = false, disabledRanges = [], disabled, invalid, describedBy }: DateRangePickerProps) {
  const range = parseRange(value);
  const [visible, setVisible] = useState<Dayjs>(() => range?.start ?? dayjs());
  const [pending, setPending] = useState<Dayjs | null>(null);
  const shown = range ? formatRange(range, dateOnly) : null;

  const commit = (next: MomentRange) => {
    const accepted = acceptRange(next, disabledRanges);
    onChange(accepted ? formatRange(accepted, dateOnly) : null);
  };
  const pickDay = (day: Dayjs) => {
    if (!pending) {
      setPending(day);
      return;
    }
    setPending(null);
    const start = range?.start ?? day.startOf('day');
    const end = range?.end ?? day.hour(23).minute(59);
    const first = withTime(pending, start.hour(), start.minute());
    const second = withTime(day, end.hour(), end.minute());
    commit(orderedRange(first, second, dateOnly));
  };

  return (
    <Popover.Root onOpenChange={(open) => open && (setPending(null), setVisible(range?.start ?? dayjs()))}>
      <Popover.Trigger asChild>
        <button id={id} type="button" disabled={disabled} aria-invalid={invalid || undefined} aria-describedby={describedBy} className={PICKER_BUTTON_CLASSES}>
          <span className={shown ? 'text-slate-900' : 'text-slate-400'}>
            {shown ? `${shown.startDate} — ${shown.endDate}` : dateOnly ? 'MM-DD-YYYY — MM-DD-YYYY' : 'MM-DD-YYYY HH:mm — MM-DD-YYYY HH:mm'}
          </span>
          <CalendarIcon />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className={PICKER_PANEL_CLASSES}>
          <CalendarPanel visible={visible} onVisibleChange={setVisible} onPickDay={pickDay} markOf={markOf(range, pending)} views={['days']} />
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-100 pt-3">
            {!dateOnly && range && (
              <div className="flex items-end justify-between gap-2 text-xs text-slate-600">
                <div className="flex flex-col gap-1">
                  <span>Start</span>
                  <TimeInputs
                    label="Start"
                    hours={range.start.hour()}
                    minutes={range.start.minute()}
                    onChange={(hours, minutes) => commit({ ...range, start: withTime(range.start, hours, minutes) })}
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <span>End</span>
                  <TimeInputs
                    label="End"
                    hours={range.end.hour()}
                    minutes={range.end.minute()}
                    onChange={(hours, minutes) => commit({ ...range, end: withTime(range.end, hours, minutes) })}
                  />
                </div>
              </div>
            )}
            <button type="button" className="self-end rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100" onClick={() => onChange(null)}>
              Clear
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
