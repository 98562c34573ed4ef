import { DndContext, type DragEndEvent, PointerSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { Dispatch } from 'react';
import { BOOKING_STATUSES } from '../../../shared/constants';
import type { CalendarAnswer, CalendarBooking } from '../../../shared/schemas/calendar';
import { Avatar } from '../../components/ui/Avatar';
import { cn } from '../../lib/cn';
import { useBookingFlags } from '../clients/flags';
import type { CalendarModalAction } from './calendarModalState';
import { GridColumn } from './GridColumn';
import { clockLabel, ROW_PX, STEP_MIN, statusStyle } from './layout';
import type { MoveRequest } from './MoveBookingForm';
import type { Column, CreateRequest, Mode } from './useDeskCalendar';

/**
 * The time grid: a sticky head per column, the hours down the side, a GridColumn each. Cards move
 * by drag (pointer or touch); a drop on the same place moves nothing.
 */
export function CalendarGrid({
  data,
  columns,
  range,
  mode,
  weekStaff,
  now,
  nameOf,
  onCreate,
  onMove,
  dispatch,
}: {
  data: CalendarAnswer;
  columns: Column[];
  range: { start: number; end: number };
  mode: Mode;
  weekStaff: string;
  now: { date: string; minutes: number };
  nameOf: (id: string) => string;
  onCreate: (r: CreateRequest) => void;
  onMove: (m: MoveRequest) => void;
  dispatch: Dispatch<CalendarModalAction>;
}) {
  const height = ((range.end - range.start) / STEP_MIN) * ROW_PX;
  const flags = useBookingFlags(data.bookings.map((b) => b._id));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
  );

  const onDragEnd = (e: DragEndEvent) => {
    const booking = e.active.data.current?.booking as CalendarBooking | undefined;
    const col = e.over?.data.current?.column as Column | undefined;
    if (!booking || !col) return;
    const minutes = Math.max(0, Math.min(1440 - STEP_MIN, booking.start + Math.round(e.delta.y / ROW_PX) * STEP_MIN));
    const staffId = col.staffId ?? booking.staffId;
    if (staffId === booking.staffId && col.date === booking.bookingDate && minutes === booking.start) return;
    onMove({ booking, staffId, date: col.date, minutes });
  };

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className="max-h-[70vh] overflow-auto rounded-2xl border border-blush-200" data-testid="cal-scroller">
        <div className="grid min-w-max" style={{ gridTemplateColumns: `3.5rem repeat(${columns.length}, minmax(9.5rem, 1fr))` }}>
          <div className="sticky top-0 left-0 z-30 border-b border-blush-200 bg-white" />
          {columns.map((c) => (
            <div
              key={c.key}
              className="sticky top-0 z-20 flex items-center gap-2 border-b border-l border-blush-200 bg-white px-2 py-2"
              data-testid="cal-column-head"
            >
              {mode === 'day' && <Avatar src={c.image ?? null} name={c.title} size="sm" />}
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-ink-900">{c.title}</p>
                <p className="truncate text-xs text-ink-500">{c.subtitle}</p>
              </div>
            </div>
          ))}
          <div className="sticky left-0 z-10 bg-white" style={{ height }}>
            {Array.from({ length: (range.end - range.start) / 60 }, (_, i) => (
              <span key={i} className="absolute right-1 -translate-y-1/2 text-[10px] text-ink-500" style={{ top: i * 4 * ROW_PX }}>
                {i === 0 ? '' : clockLabel(range.start + i * 60).replace(':00', '')}
              </span>
            ))}
          </div>
          {columns.map((c) => (
            <GridColumn
              key={c.key}
              column={c}
              range={range}
              height={height}
              bookings={data.bookings.filter(
                (b) =>
                  b.bookingDate === c.date &&
                  (c.staffId === null || b.staffId === c.staffId) &&
                  (mode === 'day' || !weekStaff || b.staffId === weekStaff),
              )}
              blocks={data.blocks.filter((b) => b.date === c.date && (c.staffId === null || b.staffId === c.staffId))}
              nowMinutes={c.date === now.date ? now.minutes : null}
              showStaff={mode === 'week' && !weekStaff}
              nameOf={nameOf}
              flagsOf={(id) => flags.get(id)}
              onCell={(minutes) => onCreate({ staffId: c.staffId ?? undefined, date: c.date, time: clockLabel(minutes) })}
              onOpen={(booking) => dispatch({ type: 'openBooking', booking })}
              onBlock={(block) => dispatch({ type: 'openBlock', block })}
            />
          ))}
        </div>
      </div>
    </DndContext>
  );
}

export function Legend() {
  const items = ['upcoming', 'confirmed', 'completed', 'cancelled', 'no_show', 'pending'].filter((s) =>
    (BOOKING_STATUSES as readonly string[]).includes(s),
  );
  return (
    <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label="Colours">
      {items.map((s) => (
        <li key={s} className={cn('rounded-md border px-2 py-0.5', statusStyle(s).card, 'no-underline')} style={{ textDecoration: 'none' }}>
          {statusStyle(s).label}
        </li>
      ))}
      <li className="cal-hatch rounded-md border border-stone-300 px-2 py-0.5 text-ink-700">Blocked</li>
    </ul>
  );
}
