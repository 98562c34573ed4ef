import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BOOKING_STATUSES } from '../../../shared/constants';
import type { CalendarBlock, CalendarBooking } from '../../../shared/schemas/calendar';
import { MOVE_UNDO_SECONDS } from '../../../shared/schemas/calendar';
import { addDays } from '../../../shared/slots';
import { ArrowLeftIcon, ChevronRightIcon } from '../../components/icons';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { formatINR, salonClock } from '../booking/format';
import {
  BlockDetailsModal,
  type BlockDraft,
  BlockTimeModal,
  BookingCardModal,
  CALENDAR_QUERIES,
  type MoveOptions,
  type MoveRequest,
} from './CalendarModals';
import { BLOCK_LABEL, clockLabel, gridRange, hhmm, isMovable, lanes, ROW_PX, STEP_MIN, statusStyle } from './layout';

export interface CreateRequest {
  staffId?: string;
  date: string;
  /** 'h:mm AM' */
  time: string;
}

type Mode = 'day' | 'week';

/** One column of the grid: a professional on a date. */
interface Column {
  key: string;
  staffId: string | null;
  date: string;
  title: string;
  subtitle: string;
  image?: string | null;
  hours: { start: number; end: number } | null;
}

const weekdayShort = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The merchant's day (or week): a column per professional (or per day) on a 15-minute time grid in
 * the salon's time zone, kept live by the server's desk feed. Cards move by drag (pointer or touch)
 * or with the keyboard through their dialog; empty times open Book a slot; Block time adds breaks.
 */
export function DeskCalendar({
  merchantId,
  onCreate,
  onChanged,
}: {
  merchantId: string;
  onCreate: (r: CreateRequest) => void;
  onChanged: () => void;
}) {
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>('day');
  const [date, setDate] = useState<string | null>(null);
  const [weekStaff, setWeekStaff] = useState('');
  const [opened, setOpened] = useState<CalendarBooking | null>(null);
  const [blockDraft, setBlockDraft] = useState<BlockDraft | null>(null);
  const [openBlock, setOpenBlock] = useState<CalendarBlock | null>(null);
  const [undo, setUndo] = useState<{ text: string; back: MoveRequest; until: number } | null>(null);

  // The salon's own "today" is known once the first answer names its zone; India until then.
  const [zone, setZone] = useState('Asia/Kolkata');
  const today = salonClock(zone).date;
  const shown = date ?? today;
  const input = { merchantId, date: shown, days: mode === 'week' ? 7 : 1, ...(mode === 'week' && weekStaff ? { staffId: weekStaff } : {}) };
  const query = trpc.merchants.getCalendar.useQuery(input, { placeholderData: (prev) => prev });
  const data = query.data;
  useEffect(() => {
    if (data?.timeZone && data.timeZone !== zone) setZone(data.timeZone);
  }, [data?.timeZone, zone]);

  const invalidate = () => {
    void utils.merchants.getCalendar.invalidate();
    onChanged();
  };
  // Live: any change to the salon's bookings or blocks, from any server process, re-reads the calendar.
  const live = trpc.merchants.deskEvents.useSubscription({ merchantId }, { onData: () => invalidate() });

  const moved = { invalidates: CALENDAR_QUERIES, errorToast: 'The booking could not be moved. Please try again.' };
  // A refused move: the calendar is read again, to show where the booking really is.
  const move = trpc.merchants.moveBooking.useMutation({ meta: moved, onError: invalidate });
  const moveBack = trpc.merchants.moveBooking.useMutation({ meta: { ...moved, successToast: 'Move undone.' }, onError: invalidate });
  // The booking card's Move form says a refusal in the form itself (next to the field it names), not in a toast.
  const moveInForm = trpc.merchants.moveBooking.useMutation({ meta: { invalidates: CALENDAR_QUERIES }, onError: invalidate });
  /**
   * Moves the booking (or, `isUndo`, back where it was); true once moved. The toasts and refreshes
   * are the mutations' meta; with `onRefused` the refusal goes to the caller instead of a toast.
   */
  const doMove = async (m: MoveRequest, opts: MoveOptions & { isUndo?: boolean } = {}): Promise<boolean> => {
    try {
      const answer = await (opts.isUndo ? moveBack : opts.onRefused ? moveInForm : move).mutateAsync({
        merchantId,
        bookingId: m.booking._id,
        staffId: m.staffId,
        bookingDate: m.date,
        bookingTime: hhmm(m.minutes),
      });
      if (opts.isUndo) {
        setUndo(null);
      } else {
        const pro = data?.professionals.find((p) => p._id === m.staffId)?.name ?? 'the professional';
        setUndo({
          text: `${m.booking.customerName} moved to ${clockLabel(m.minutes)}${m.date !== m.booking.bookingDate ? ` on ${longDate(m.date)}` : ''} with ${pro}.`,
          back: {
            booking: { ...m.booking, staffId: m.staffId, bookingDate: m.date, start: m.minutes },
            staffId: answer.previous.staffId,
            date: answer.previous.bookingDate,
            minutes: m.booking.start,
          },
          until: Date.now() + MOVE_UNDO_SECONDS * 1000,
        });
      }
      return true;
    } catch (err) {
      opts.onRefused?.(err);
      return false;
    }
  };
  useEffect(() => {
    if (!undo) return;
    const t = setTimeout(() => setUndo(null), Math.max(0, undo.until - Date.now()));
    return () => clearTimeout(t);
  }, [undo]);

  const columns: Column[] = useMemo(() => {
    if (!data) return [];
    if (mode === 'day') {
      return data.professionals.map((p) => {
        const span = p.hours[0]?.span ?? null;
        return {
          key: p._id,
          staffId: p._id,
          date: data.dates[0],
          title: p.name,
          subtitle: span ? `${clockLabel(span.start)} – ${clockLabel(span.end)}` : 'Not working',
          image: p.image,
          hours: span,
        };
      });
    }
    const one = weekStaff ? data.professionals.find((p) => p._id === weekStaff) : null;
    return data.dates.map((d, i) => {
      const salon = data.salonHours[i]?.span ?? null;
      const span = one ? (one.hours[i]?.span ?? null) : salon;
      return {
        key: d,
        staffId: one?._id ?? null,
        date: d,
        title: weekdayShort(d),
        subtitle: span ? `${clockLabel(span.start)} – ${clockLabel(span.end)}` : 'Closed',
        hours: span,
      };
    });
  }, [data, mode, weekStaff]);

  const range = data ? gridRange(data) : { start: 9 * 60, end: 21 * 60 };
  const rows = (range.end - range.start) / STEP_MIN;
  const height = rows * ROW_PX;
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
    void doMove({ booking, staffId, date: col.date, minutes });
  };

  const scroller = useRef<HTMLDivElement>(null);
  const now = salonClock(zone);
  const nameOf = (id: string) => data?.professionals.find((p) => p._id === id)?.name ?? '';

  return (
    <div data-testid="desk-calendar">
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => setDate(null)} data-testid="cal-today">
            Today
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={mode === 'week' ? 'Previous week' : 'Previous day'}
            onClick={() => setDate(addDays(shown, mode === 'week' ? -7 : -1))}
            data-testid="cal-prev"
          >
            <ArrowLeftIcon className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={mode === 'week' ? 'Next week' : 'Next day'}
            onClick={() => setDate(addDays(shown, mode === 'week' ? 7 : 1))}
            data-testid="cal-next"
          >
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
        <Input
          label="Date"
          hideLabel
          type="date"
          value={shown}
          onChange={(e) => e.target.value && setDate(e.target.value)}
          containerClassName="w-40"
          data-testid="cal-date"
        />
        <div role="group" aria-label="Calendar range" className="flex rounded-xl border border-blush-200 p-0.5">
          {(['day', 'week'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium',
                mode === m ? 'bg-plum-700 text-white' : 'text-ink-700 hover:bg-blush-50',
              )}
              data-testid={`cal-mode-${m}`}
            >
              {m === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        {mode === 'week' && (
          <Select
            label="Professional"
            hideLabel
            value={weekStaff}
            onChange={(e) => setWeekStaff(e.target.value)}
            options={[
              { value: '', label: 'All professionals' },
              ...(data?.professionals ?? []).map((p) => ({ value: p._id, label: p.name })),
            ]}
            containerClassName="w-48"
            data-testid="cal-week-staff"
          />
        )}
        <div className="ml-auto flex items-center gap-2">
          <span className="flex items-center gap-1.5 text-xs text-ink-500" data-testid="cal-live" data-status={live.status}>
            <span
              aria-hidden="true"
              className={cn(
                'size-2 rounded-full',
                live.status === 'pending' ? 'bg-emerald-500' : live.status === 'error' ? 'bg-red-500' : 'bg-amber-400',
              )}
            />
            {live.status === 'pending' ? 'Live' : live.status === 'error' ? 'Offline, retrying' : 'Connecting…'}
          </span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setBlockDraft({ staffId: weekStaff, date: shown, start: 13 * 60 })}
            data-testid="cal-block"
          >
            Block time
          </Button>
        </div>
      </div>
      <p className="mb-2 text-sm font-semibold text-ink-900" data-testid="cal-title">
        {mode === 'day' ? longDate(shown) : `${longDate(shown)} – ${longDate(addDays(shown, 6))}`}
        <span className="ml-2 font-normal text-ink-500">· salon time ({zone})</span>
      </p>

      {!data ? (
        <Skeleton className="h-96" />
      ) : columns.length === 0 ? (
        <p className="rounded-xl border border-dashed border-blush-200 p-6 text-center text-sm text-ink-500">
          Add your professionals under Staff to see their day here.
        </p>
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <div ref={scroller} className="max-h-[70vh] overflow-auto rounded-2xl border border-blush-200" data-testid="cal-scroller">
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
                  onCell={(minutes) => onCreate({ staffId: c.staffId ?? undefined, date: c.date, time: clockLabel(minutes) })}
                  onOpen={setOpened}
                  onBlock={setOpenBlock}
                />
              ))}
            </div>
          </div>
        </DndContext>
      )}
      <Legend />

      {undo && (
        <div
          role="status"
          className="fixed inset-x-3 bottom-20 z-[70] mx-auto flex max-w-md items-center gap-3 rounded-xl bg-ink-900 px-4 py-3 text-sm text-white shadow-lift md:bottom-6"
          data-testid="undo-bar"
        >
          <span className="flex-1">{undo.text}</span>
          <button
            type="button"
            className="rounded-lg px-2 py-1 font-semibold text-amber-300 hover:bg-white/10"
            onClick={() => void doMove(undo.back, { isUndo: true })}
            data-testid="undo-move"
          >
            Undo
          </button>
        </div>
      )}
      <BookingCardModal
        booking={opened}
        merchantId={merchantId}
        timeZone={zone}
        professionals={data?.professionals ?? []}
        days={data}
        onClose={() => setOpened(null)}
        onMove={doMove}
        onStatusChanged={() => setOpened(null)}
        moving={move.isPending || moveBack.isPending || moveInForm.isPending}
      />
      <BlockTimeModal
        draft={blockDraft}
        merchantId={merchantId}
        professionals={data?.professionals ?? []}
        onClose={() => setBlockDraft(null)}
        onDone={() => setBlockDraft(null)}
      />
      <BlockDetailsModal
        key={openBlock?._id ?? 'no-block'}
        block={openBlock}
        merchantId={merchantId}
        staffName={openBlock ? nameOf(openBlock.staffId) : ''}
        onClose={() => setOpenBlock(null)}
        onDone={() => setOpenBlock(null)}
      />
    </div>
  );
}

function Legend() {
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

function GridColumn({
  column,
  range,
  height,
  bookings,
  blocks,
  nowMinutes,
  showStaff,
  nameOf,
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
  onOpen,
}: {
  booking: CalendarBooking;
  top: number;
  height: number;
  lane: { lane: number; of: number };
  staffName: string | null;
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
