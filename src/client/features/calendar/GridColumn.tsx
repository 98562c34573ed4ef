import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { CalendarBlock, CalendarBooking } from '../../../shared/schemas/calendar';
import type { ClientFlags } from '../../../shared/schemas/clients';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { formatINR } from '../booking/format';
import { flagWarning } from '../clients/flags';
import { BLOCK_LABEL, clockLabel, hhmm, isMovable, lanes, ROW_PX, STEP_MIN, statusStyle } from './layout';
import type { Column } from './useDeskCalendar';

/** One column of the grid: its free 15-minute cells (Book a slot), blocks, booking cards and the now line. */
export function GridColumn({
  column,
  range,
  height,
  bookings,
  blocks,
  nowMinutes,
  showStaff,
  nameOf,
  flagsOf,
  onCell,
  onOpen,
  onBlock,
}: {
  column: Column;
  range: { start: number; end: number };
  height: number;
  bookings: CalendarBooking[];
  blocks: CalendarBlock[];
  nowMinutes: number | null;
  showStaff: boolean;
  nameOf: (id: string) => string;
  /** The client's allergy and patch-test flags and tags, shown on the card. */
  flagsOf: (bookingId: string) => ClientFlags | undefined;
  onCell: (minutes: number) => void;
  onOpen: (b: CalendarBooking) => void;
  onBlock: (b: CalendarBlock) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `col-${column.key}`, data: { column } });
  const top = (m: number) => ((m - range.start) / STEP_MIN) * ROW_PX;
  const laid = lanes(bookings);
  const free = column.hours;
  const cells = [];
  for (let m = range.start; m < range.end; m += STEP_MIN) {
    const working = !!free && m >= free.start && m < free.end;
    cells.push(
      working ? (
        <button
          key={m}
          type="button"
          className={cn(
            'absolute inset-x-0 block w-full border-blush-100 hover:bg-plum-50/70 focus-visible:z-10 focus-visible:bg-plum-100 focus-visible:outline-2 focus-visible:outline-plum-600',
            m % 60 === 0 ? 'border-t' : m % 30 === 0 ? 'border-t border-dashed' : '',
          )}
          style={{ top: top(m), height: ROW_PX }}
          aria-label={`Book ${column.staffId ? `${column.title} ` : ''}at ${clockLabel(m)}, ${longDate(column.date)}`}
          onClick={() => onCell(m)}
          data-testid="cal-cell"
          data-time={hhmm(m)}
        />
      ) : (
        <div
          key={m}
          aria-hidden="true"
          className={cn('absolute inset-x-0 bg-stone-200/70', m % 60 === 0 ? 'border-t border-stone-300/70' : '')}
          style={{ top: top(m), height: ROW_PX }}
        />
      ),
    );
  }
  return (
    <div
      ref={setNodeRef}
      className={cn('relative border-l border-blush-200', isOver && 'bg-plum-50/40')}
      style={{ height }}
      data-testid="cal-column"
      data-staff-id={column.staffId ?? ''}
      data-date={column.date}
    >
      {cells}
      {blocks.map((b) => {
        const from = Math.max(b.start, range.start);
        const to = Math.min(b.end, range.end);
        if (to <= from) return null;
        return (
          <button
            key={b._id}
            type="button"
            onClick={() => onBlock(b)}
            className="cal-hatch absolute inset-x-0.5 z-[5] flex items-start overflow-hidden rounded-md border border-stone-400 px-1.5 py-0.5 text-left text-[11px] font-medium text-ink-700"
            style={{ top: top(from), height: Math.max(ROW_PX, ((to - from) / STEP_MIN) * ROW_PX) }}
            aria-label={`${BLOCK_LABEL[b.kind]} ${b.start === 0 && b.end >= 1440 ? 'all day' : `${clockLabel(b.start)} to ${clockLabel(b.end)}`}${b.reason ? `: ${b.reason}` : ''}`}
            data-testid="cal-block-item"
            data-date={b.date}
          >
            <span className="rounded bg-white/80 px-1">
              {BLOCK_LABEL[b.kind]}
              {b.reason ? ` · ${b.reason}` : ''}
            </span>
          </button>
        );
      })}
      {bookings.map((b) => (
        <BookingCardItem
          key={b._id}
          booking={b}
          top={top(b.start)}
          height={Math.max(ROW_PX * 2, ((Math.min(b.end, range.end) - b.start) / STEP_MIN) * ROW_PX - 2)}
          lane={laid.get(b._id)!}
          staffName={showStaff ? nameOf(b.staffId) : null}
          flags={flagsOf(b._id)}
          onOpen={onOpen}
        />
      ))}
      {nowMinutes !== null && nowMinutes >= range.start && nowMinutes < range.end && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 z-20 border-t-2 border-red-500"
          style={{ top: top(nowMinutes) }}
          data-testid="cal-now"
        >
          <span className="absolute -top-1 -left-1 size-2 rounded-full bg-red-500" />
        </div>
      )}
    </div>
  );
}

function BookingCardItem({
  booking,
  top,
  height,
  lane,
  staffName,
  flags,
  onOpen,
}: {
  booking: CalendarBooking;
  top: number;
  height: number;
  lane: { lane: number; of: number };
  staffName: string | null;
  flags: ClientFlags | undefined;
  onOpen: (b: CalendarBooking) => void;
}) {
  const movable = isMovable(booking);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: booking._id,
    data: { booking },
    disabled: !movable,
  });
  const width = 100 / lane.of;
  const style = statusStyle(booking.status);
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...listeners}
      {...attributes}
      // The dialog is the keyboard's way to move a card (dnd-kit's own keyboard drag is not used).
      role="button"
      tabIndex={0}
      onClick={() => onOpen(booking)}
      className={cn(
        'absolute z-10 touch-none overflow-hidden rounded-lg border-l-4 border px-1.5 py-1 text-left text-[11px] leading-tight shadow-soft focus-visible:outline-2 focus-visible:outline-plum-600',
        style.card,
        movable ? 'cursor-grab' : 'cursor-pointer',
        isDragging && 'z-40 cursor-grabbing opacity-90 shadow-lift',
      )}
      style={{
        top,
        height,
        left: `calc(${lane.lane * width}% + 2px)`,
        width: `calc(${width}% - 4px)`,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
      data-testid="cal-booking"
      data-booking-id={booking._id}
      data-status={booking.status}
      data-staff-id={booking.staffId}
      data-start={booking.start}
    >
      <span className="block truncate font-semibold">{booking.customerName}</span>
      {flags && flagWarning(flags) && (
        // The desk must see an allergy before the service starts: first under the name, in red.
        <span className="block truncate font-semibold text-red-700" data-testid="cal-booking-flags">
          <span aria-hidden="true">⚠ </span>
          {flagWarning(flags)}
        </span>
      )}
      {flags && flags.tags.length > 0 && (
        <span className="block truncate font-medium text-plum-800" data-testid="cal-booking-tags">
          {flags.tags.join(' · ')}
        </span>
      )}
      <span className="block truncate">
        {clockLabel(booking.start)} · {booking.services.map((s) => s.serviceName).join(', ')}
      </span>
      <span className="block truncate opacity-80">
        {formatINR(booking.totalPrice)}
        {staffName ? ` · ${staffName}` : ''}
      </span>
      {/* Named by what the card shows (so voice control finds it), then what it does not show. */}
      <span className="sr-only">
        , until {clockLabel(booking.end)}, {style.label}. Open for actions and to move.
      </span>
    </button>
  );
}
