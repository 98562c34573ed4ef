import { useMemo, useReducer } from 'react';
import { Skeleton } from '../../components/ui/Skeleton';
import { salonClock } from '../booking/format';
import { DayWaitlist } from '../waitlist/DayWaitlist';
import { BlockDetailsModal } from './BlockDetailsModal';
import { BlockTimeModal } from './BlockTimeModal';
import { BookingCardModal } from './BookingCardModal';
import { CalendarGrid, Legend } from './CalendarGrid';
import { CalendarToolbar } from './CalendarToolbar';
import { calendarModalReducer, noCalendarModal } from './calendarModalState';
import { gridRange } from './layout';
import { type CreateRequest, calendarColumns, useCalendarMoves, useCalendarView } from './useDeskCalendar';

export type { CreateRequest } from './useDeskCalendar';

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
  const { mode, setMode, setDate, weekStaff, setWeekStaff, zone, shown, data, live, invalidate } = useCalendarView(merchantId, onChanged);
  const { doMove, undo, moving } = useCalendarMoves(merchantId, data, invalidate);
  const [modal, dispatch] = useReducer(calendarModalReducer, noCalendarModal);
  const close = () => dispatch({ type: 'close' });

  const columns = useMemo(() => calendarColumns(data, mode, weekStaff), [data, mode, weekStaff]);
  const range = data ? gridRange(data) : { start: 9 * 60, end: 21 * 60 };
  const now = salonClock(zone);
  const nameOf = (id: string) => data?.professionals.find((p) => p._id === id)?.name ?? '';
  const openBlock = modal.kind === 'block' ? modal.block : null;

  return (
    <div data-testid="desk-calendar">
      <CalendarToolbar
        mode={mode}
        setMode={setMode}
        shown={shown}
        setDate={setDate}
        weekStaff={weekStaff}
        setWeekStaff={setWeekStaff}
        professionals={data?.professionals ?? []}
        liveStatus={live.status}
        zone={zone}
        onBlockTime={() => dispatch({ type: 'blockTime', draft: { staffId: weekStaff, date: shown, start: 13 * 60 } })}
      />

      {!data ? (
        <Skeleton className="h-96" />
      ) : columns.length === 0 ? (
        <p className="rounded-xl border border-dashed border-blush-200 p-6 text-center text-sm text-ink-500">
          Add your professionals under Staff to see their day here.
        </p>
      ) : (
        <CalendarGrid
          data={data}
          columns={columns}
          range={range}
          mode={mode}
          weekStaff={weekStaff}
          now={now}
          nameOf={nameOf}
          onCreate={onCreate}
          onMove={(m) => void doMove(m)}
          dispatch={dispatch}
        />
      )}
      <Legend />
      {mode === 'day' && <DayWaitlist merchantId={merchantId} date={shown} />}

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
        booking={modal.kind === 'booking' ? modal.booking : null}
        merchantId={merchantId}
        timeZone={zone}
        professionals={data?.professionals ?? []}
        days={data}
        onClose={close}
        onMove={doMove}
        onStatusChanged={close}
        moving={moving}
      />
      <BlockTimeModal
        draft={modal.kind === 'newBlock' ? modal.draft : null}
        merchantId={merchantId}
        professionals={data?.professionals ?? []}
        onClose={close}
        onDone={close}
      />
      <BlockDetailsModal
        key={openBlock?._id ?? 'no-block'}
        block={openBlock}
        merchantId={merchantId}
        staffName={openBlock ? nameOf(openBlock.staffId) : ''}
        onClose={close}
        onDone={close}
      />
    </div>
  );
}
