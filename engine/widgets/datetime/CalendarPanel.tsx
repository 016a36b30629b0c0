import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { isAcceptedYear } from './dateTimeRules';
import { MONDAY, MONTH_NAMES, monthGrid, weekdayNames, yearsPage, type CalendarView, type WeekStart } from './calendar';

/** How a day cell is marked: the picked day, a range end, or inside a range. */
export type DayMark = 'selected' | 'in-range' | undefined;

export interface CalendarPanelProps {
  /** The month (days view), year (months view) or page of years (years view) shown. */
  visible: Dayjs;
  onVisibleChange: (visible: Dayjs) => void;
  onPickDay: (day: Dayjs) => void;
  markOf?: (day: Dayjs) => DayMark;
  /** The views this calendar may switch to; the range picker stays on days. */
  views?: readonly CalendarView[];
  weekStart?: WeekStart;
}

const NAV_CLASSES = 'rounded px-2 py-1 text-slate-600 hover:bg-slate-100 disabled:opacity-30';
const CELL_CLASSES = 'rounded px-1 py-1.5 text-sm';

function Header({ title, onTitle, onPrevious, onNext }: { title: string; onTitle?: () => void; onPrevious: () => void; onNext: () => void }) {
  return (
    <div className="mb-2 flex items-center justify-between">
      <button type="button" aria-label="Previous" className={NAV_CLASSES} onClick={onPrevious}>
        ‹
      </button>
      {onTitle ? (
        <button type="button" className="rounded px-2 py-1 text-sm font-semibold hover:bg-slate-100" onClick={onTitle}>
          {title}
        </button>
      ) : (
        <span className="text-sm font-semibold">{title}</span>
      )}
      <button type="button" aria-label="Next" className={NAV_CLASSES} onClick={onNext}>
        ›
      </button>
    </div>
  );
}

/** A calendar with days, months and years views (spec 01 §4); weeks start on Monday by default. */
export function CalendarPanel({
  visible,
  onVisibleChange,
  onPickDay,
  markOf = () => undefined,
  views = ['days', 'months', 'years'],
  weekStart = MONDAY,
}: CalendarPanelProps) {
  const [view, setView] = useState<CalendarView>('days');
  const canSwitch = (target: CalendarView) => views.includes(target);
  const moveYears = (years: number) => {
    const year = visible.year() + years;
    if (isAcceptedYear(year)) onVisibleChange(visible.year(year));
  };

  if (view === 'years') {
    const years = yearsPage(visible.year());
    return (
      <div className="w-64" data-calendar-view="years">
        <Header title={`${years[0]} – ${years[years.length - 1]}`} onPrevious={() => moveYears(-12)} onNext={() => moveYears(12)} />
        <label className="mb-2 flex items-center gap-2 text-xs text-slate-600">
          Year
          <input
            type="number"
            min={1}
            max={9998}
            defaultValue={visible.year()}
            className="w-24 rounded border border-slate-300 px-2 py-1 text-sm"
            onChange={(event) => {
              const year = Number(event.target.value);
              if (isAcceptedYear(year)) onVisibleChange(visible.year(year));
            }}
          />
        </label>
        <div className="grid grid-cols-3 gap-1">
          {years.map((year) => (
            <button
              key={year}
              type="button"
              disabled={!isAcceptedYear(year)}
              aria-pressed={year === visible.year()}
              className={`${CELL_CLASSES} ${year === visible.year() ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}
              onClick={() => {
                onVisibleChange(visible.year(year));
                setView('months');
              }}
            >
              {year}
            </button>
          ))}
        </div>
      </div>
    );
  }

  if (view === 'months') {
    return (
      <div className="w-64" data-calendar-view="months">
        <Header
          title={String(visible.year())}
          onTitle={canSwitch('years') ? () => setView('years') : undefined}
          onPrevious={() => moveYears(-1)}
          onNext={() => moveYears(1)}
        />
        <div className="grid grid-cols-3 gap-1">
          {MONTH_NAMES.map((name, month) => (
            <button
              key={name}
              type="button"
              aria-pressed={month === visible.month()}
              className={`${CELL_CLASSES} ${month === visible.month() ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}
              onClick={() => {
                onVisibleChange(visible.month(month));
                setView('days');
              }}
            >
              {name}
            </button>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="w-64" data-calendar-view="days">
      <Header
        title={`${MONTH_NAMES[visible.month()]} ${visible.year()}`}
        onTitle={canSwitch('months') ? () => setView('months') : undefined}
        onPrevious={() => onVisibleChange(visible.subtract(1, 'month'))}
        onNext={() => onVisibleChange(visible.add(1, 'month'))}
      />
      <div className="grid grid-cols-7 gap-0.5 text-center">
        {weekdayNames(weekStart).map((name) => (
          <span key={name} className="py-1 text-xs font-medium text-slate-500">
            {name}
          </span>
        ))}
        {monthGrid(visible, weekStart)
          .flat()
          .map(({ date, inMonth }) => {
            const mark = markOf(date);
            const tone =
              mark === 'selected'
                ? 'bg-brand-600 text-white'
                : mark === 'in-range'
                  ? 'bg-brand-100 text-brand-700'
                  : inMonth
                    ? 'text-slate-800 hover:bg-slate-100'
                    : 'text-slate-400 hover:bg-slate-100';
            return (
              <button
                key={date.format('YYYY-MM-DD')}
                type="button"
                aria-label={date.format('MMMM D, YYYY')}
                aria-pressed={mark === 'selected'}
                className={`${CELL_CLASSES} ${tone}`}
                onClick={() => onPickDay(date)}
              >
                {date.date()}
              </button>
            );
          })}
      </div>
    </div>
  );
}
