import * as Popover from '@radix-ui/react-popover';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatDate } from '../../../schemas/format';
import { CalendarPanel, PICKER_PANEL_CLASSES } from '../../../engine/widgets';

/** An instalment's date: shown MM-DD-YYYY, picked on the engine's calendar, answered YYYY-MM-DD (spec 03 §9). */
export function InstalmentDateButton({ date, disabled, onPick }: { date: string; disabled: boolean; onPick: (date: string) => void }) {
  const [open, setOpen] = useState(false);
  const [visible, setVisible] = useState(() => dayjs(date));
  if (disabled) return <span>{formatDate(date)}</span>;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setVisible(dayjs(date));
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={`Instalment date ${formatDate(date)}`}
          className="rounded border border-dashed border-slate-300 px-2 py-0.5 hover:bg-slate-50"
        >
          {formatDate(date)}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className={PICKER_PANEL_CLASSES}>
          <CalendarPanel
            visible={visible}
            onVisibleChange={setVisible}
            onPickDay={(day) => {
              onPick(day.format('YYYY-MM-DD'));
              setOpen(false);
            }}
            markOf={(day) => (day.isSame(dayjs(date), 'day') ? 'selected' : undefined)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
