import * as Popover from '@radix-ui/react-popover';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { CalendarIcon } from '../icons';
import { CalendarPanel } from './CalendarPanel';
import { formatPickerDateTime, parsePickerDateTime, withTime } from './dateTimeRules';
import { TimeInputs } from './TimeInputs';

export interface DateTimePickerProps {
  id?: string;
  /** The stored value, 'MM/DD/YYYY HH:mm', or empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

export const PICKER_BUTTON_CLASSES =
  'flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 disabled:bg-slate-100 aria-[invalid=true]:border-rose-500';
export const PICKER_PANEL_CLASSES = 'z-50 rounded-md border border-slate-200 bg-white p-3 shadow-lg';

/** A date-time picker: a calendar (days, months, years) and hours/minutes; stores MM/DD/YYYY HH:mm. */
export function DateTimePicker({ id, value, onChange, disabled, invalid, describedBy }: DateTimePickerProps) {
  const moment = parsePickerDateTime(value);
  const [visible, setVisible] = useState<Dayjs>(() => moment ?? dayjs());
  const base = moment ?? dayjs().second(0).millisecond(0);
  const emit = (next: Dayjs) => onChange(formatPickerDateTime(next));

  return (
    <Popover.Root onOpenChange={(open) => open && setVisible(moment ?? dayjs())}>
      <Popover.Trigger asChild>
        <button id={id} type="button" disabled={disabled} aria-invalid={invalid || undefined} aria-describedby={describedBy} className={PICKER_BUTTON_CLASSES}>
          <span className={moment ? 'text-slate-900' : 'text-slate-400'}>{moment ? formatPickerDateTime(moment) : 'MM/DD/YYYY HH:mm'}</span>
          <CalendarIcon />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className={PICKER_PANEL_CLASSES}>
          <CalendarPanel
            visible={visible}
            onVisibleChange={setVisible}
            onPickDay={(day) => emit(withTime(day, base.hour(), base.minute()))}
            markOf={(day) => (moment && day.isSame(moment, 'day') ? 'selected' : undefined)}
          />
          <div className="mt-3 flex items-center justify-between border-t border-slate-100 pt-3">
            <TimeInputs hours={base.hour()} minutes={base.minute()} onChange={(hours, minutes) => emit(withTime(base, hours, minutes))} />
            <button type="button" className="rounded px-2 py-1 text-xs text-slate-600 hover:bg-slate-100" onClick={() => onChange(null)}>
              Clear
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
