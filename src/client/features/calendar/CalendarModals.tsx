import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CalendarAnswer, CalendarBlock, CalendarBooking } from '../../../shared/schemas/calendar';
import { BLOCK_KINDS } from '../../../shared/schemas/calendar';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { longDate } from '../../lib/dates';
import { errorMessage, httpStatusOf, useTRPC } from '../../trpc';
import { formatINR } from '../booking/format';
import { BLOCK_LABEL, clockLabel, hhmm, isMovable, statusStyle } from './layout';

const timeOptions = (from: number, to: number) =>
  Array.from({ length: (to - from) / 15 + 1 }, (_, i) => from + i * 15).map((m) => ({ value: hhmm(m === 1440 ? 1440 : m), label: m === 1440 ? 'Midnight' : clockLabel(m) }));

export interface BlockDraft {
  staffId: string;
  date: string;
  start: number;
}

/** Block time: a break, leave or training for one professional, once or every week. */
export function BlockTimeModal({
  draft,
  merchantId,
  professionals,
  onClose,
  onDone,
}: {
  draft: BlockDraft | null;
  merchantId: string;
  professionals: CalendarAnswer['professionals'];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  if (!draft) return null;
  return <BlockForm draft={draft} merchantId={merchantId} professionals={professionals} onClose={onClose} onDone={onDone} />;
}

function BlockForm({ draft, merchantId, professionals, onClose, onDone }: { draft: BlockDraft; merchantId: string; professionals: CalendarAnswer['professionals']; onClose: () => void; onDone: (m: string) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.merchants.createBlock.mutationOptions());
  const [form, setForm] = useState({
    staffId: draft.staffId || professionals[0]?._id || '',
    kind: 'break' as (typeof BLOCK_KINDS)[number],
    reason: '',
    date: draft.date,
    startTime: hhmm(draft.start),
    endTime: hhmm(Math.min(draft.start + 60, 1440)),
    repeatWeekly: false,
    untilDate: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [conflicted, setConflicted] = useState(false);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setConflicted(false);
  };

  const submit = async (event?: FormEvent, skipConflicts = false) => {
    event?.preventDefault();
    setError(null);
    try {
      const answer = await create.mutateAsync({
        merchantId,
        staffId: form.staffId,
        kind: form.kind,
        reason: form.reason,
        date: form.date,
        startTime: form.startTime,
        endTime: form.endTime,
        repeatWeekly: form.repeatWeekly,
        ...(form.repeatWeekly && form.untilDate ? { untilDate: form.untilDate } : {}),
        skipConflicts,
      });
      const who = professionals.find((p) => p._id === form.staffId)?.name ?? 'The professional';
      onDone(
        `${who}: ${BLOCK_LABEL[form.kind].toLowerCase()} blocked${form.repeatWeekly ? ' every week' : ''}` +
          (answer.skipped.length ? ` (left out: ${answer.skipped.map((d) => longDate(d)).join(', ')})` : '') +
          '.',
      );
    } catch (err) {
      setError(errorMessage(err, 'The time could not be blocked. Please try again.'));
      setConflicted(httpStatusOf(err) === 409 && form.repeatWeekly);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Block time"
      description="Breaks, leave or training: customers cannot book this time."
      testId="block-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {conflicted && (
            <Button variant="outline" onClick={() => submit(undefined, true)} loading={create.isPending} data-testid="block-skip-conflicts">
              Block the other weeks
            </Button>
          )}
          <Button onClick={() => submit()} loading={create.isPending} data-testid="block-submit">
            Block time
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Professional"
          value={form.staffId}
          onChange={(e) => set('staffId', e.target.value)}
          options={professionals.map((p) => ({ value: p._id, label: p.name }))}
          data-testid="block-staff"
        />
        <Select
          label="What"
          value={form.kind}
          onChange={(e) => set('kind', e.target.value as (typeof BLOCK_KINDS)[number])}
          options={BLOCK_KINDS.map((k) => ({ value: k, label: BLOCK_LABEL[k] }))}
          data-testid="block-kind"
        />
        <Input label="Reason" value={form.reason} maxLength={200} onChange={(e) => set('reason', e.target.value)} containerClassName="sm:col-span-2" placeholder="Lunch, team training…" data-testid="block-reason" />
        <Input label="Date" type="date" value={form.date} onChange={(e) => set('date', e.target.value)} containerClassName="sm:col-span-2" data-testid="block-date" />
        <Select label="From" value={form.startTime} onChange={(e) => set('startTime', e.target.value)} options={timeOptions(0, 1425)} data-testid="block-start" />
        <Select label="To" value={form.endTime} onChange={(e) => set('endTime', e.target.value)} options={timeOptions(15, 1440)} data-testid="block-end" />
        <div className="sm:col-span-2">
          <Checkbox label="Repeat every week" checked={form.repeatWeekly} onChange={(e) => set('repeatWeekly', e.target.checked)} data-testid="block-weekly" />
        </div>
        {form.repeatWeekly && <Input label="Until (optional)" type="date" value={form.untilDate} onChange={(e) => set('untilDate', e.target.value)} containerClassName="sm:col-span-2" />}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2" data-testid="block-error">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

/** A block's details, with removal of this occurrence or (weekly) of it and the weeks after. */
export function BlockDetailsModal({ block, merchantId, staffName, onClose, onDone }: { block: CalendarBlock | null; merchantId: string; staffName: string; onClose: () => void; onDone: (m: string) => void }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.merchants.deleteBlock.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (!block) return null;
  const run = async (series: boolean) => {
    setError(null);
    try {
      const { removed } = await remove.mutateAsync({ merchantId, occurrenceId: block._id, series });
      onDone(series ? `Removed ${removed} weeks of blocked time.` : 'Blocked time removed.');
    } catch (err) {
      setError(errorMessage(err, 'The blocked time could not be removed.'));
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`${BLOCK_LABEL[block.kind]} · ${staffName}`}
      description={`${longDate(block.date)}, ${clockLabel(block.start)} – ${clockLabel(block.end)}${block.repeatWeekly ? ` · every week${block.untilDate ? ` until ${longDate(block.untilDate)}` : ''}` : ''}`}
      testId="block-details"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {block.repeatWeekly && (
            <Button variant="outline" className="text-red-700" onClick={() => run(true)} loading={remove.isPending} data-testid="block-remove-series">
              Remove this and later weeks
            </Button>
          )}
          <Button variant="danger" onClick={() => run(false)} loading={remove.isPending} data-testid="block-remove">
            Remove {block.repeatWeekly ? 'this week' : ''}
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink-700">{block.reason || 'No reason given.'}</p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </Modal>
  );
}

export interface MoveRequest {
  booking: CalendarBooking;
  staffId: string;
  date: string;
  minutes: number;
}

/**
 * A booking on the calendar: who, what, when, and the keyboard's way to move it (another
 * professional, date and time) — the same move a drag makes.
 */
export function BookingCardModal({
  booking,
  professionals,
  onClose,
  onMove,
  moving,
}: {
  booking: CalendarBooking | null;
  professionals: CalendarAnswer['professionals'];
  onClose: () => void;
  onMove: (m: MoveRequest) => Promise<boolean>;
  moving: boolean;
}) {
  if (!booking) return null;
  return <BookingCard booking={booking} professionals={professionals} onClose={onClose} onMove={onMove} moving={moving} />;
}

function BookingCard({ booking, professionals, onClose, onMove, moving }: { booking: CalendarBooking; professionals: CalendarAnswer['professionals']; onClose: () => void; onMove: (m: MoveRequest) => Promise<boolean>; moving: boolean }) {
  const [staffId, setStaffId] = useState(booking.staffId);
  const [date, setDate] = useState(booking.bookingDate);
  const [time, setTime] = useState(hhmm(booking.start));
  const movable = isMovable(booking);
  const pro = professionals.find((p) => p._id === booking.staffId);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const [h, m] = time.split(':').map(Number);
    if (await onMove({ booking, staffId, date, minutes: h * 60 + m })) onClose();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={booking.customerName}
      description={`#${booking.reference} · ${statusStyle(booking.status).label}`}
      testId="calendar-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {movable && (
            <Button onClick={() => submit()} loading={moving} data-testid="move-submit">
              Move booking
            </Button>
          )}
        </>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-500">When</dt>
        <dd className="text-ink-900">
          {longDate(booking.bookingDate)}, {clockLabel(booking.start)} – {clockLabel(booking.end)}
        </dd>
        <dt className="text-ink-500">With</dt>
        <dd className="text-ink-900">{pro?.name ?? '—'}</dd>
        <dt className="text-ink-500">Services</dt>
        <dd className="text-ink-900">{booking.services.map((s) => s.serviceName).join(', ')}</dd>
        <dt className="text-ink-500">Price</dt>
        <dd className="text-ink-900">{formatINR(booking.totalPrice)}</dd>
        {booking.customerPhone && (
          <>
            <dt className="text-ink-500">Phone</dt>
            <dd className="text-ink-900">{booking.customerPhone}</dd>
          </>
        )}
      </dl>
      {movable ? (
        <form noValidate onSubmit={submit} className="mt-5 grid gap-3 border-t border-blush-100 pt-4 sm:grid-cols-3" aria-label="Move this booking">
          <Select label="Professional" value={staffId} onChange={(e) => setStaffId(e.target.value)} options={professionals.map((p) => ({ value: p._id, label: p.name }))} data-testid="move-staff" />
          <Input label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} data-testid="move-date" />
          <Select label="Time" value={time} onChange={(e) => setTime(e.target.value)} options={timeOptions(0, 1425)} data-testid="move-time" />
          <p className="text-xs text-ink-500 sm:col-span-3">The price stays {formatINR(booking.totalPrice)}. The customer is told by notification and e-mail.</p>
          <button type="submit" hidden />
        </form>
      ) : (
        <p className="mt-4 text-sm text-ink-500">A {statusStyle(booking.status).label.toLowerCase()} booking cannot be moved.</p>
      )}
    </Modal>
  );
}
