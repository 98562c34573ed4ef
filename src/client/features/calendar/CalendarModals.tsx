import { useState } from 'react';
import type { z } from 'zod';
import { bookingCommission, COMMISSION_RATE } from '../../../shared/policy';
import { deskCancelForm, deskCompleteForm } from '../../../shared/schemas/bookings';
import type { CalendarAnswer, CalendarBlock, CalendarBooking } from '../../../shared/schemas/calendar';
import { BLOCK_KINDS, blockForm } from '../../../shared/schemas/calendar';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { errorMessage, httpStatusOf, trpc } from '../../trpc';
import { formatINR, salonClock } from '../booking/format';
import { BookingClientFlags } from '../clients/flags';
import { ACTION_LABEL, BLOCK_LABEL, clockLabel, type DeskAction, deskActions, hhmm, isMovable, statusStyle } from './layout';
import { type CalendarDays, MoveBookingForm, type MoveOptions, type MoveRequest } from './MoveBookingForm';

const timeOptions = (from: number, to: number) =>
  Array.from({ length: (to - from) / 15 + 1 }, (_, i) => from + i * 15).map((m) => ({
    value: hhmm(m === 1440 ? 1440 : m),
    label: m === 1440 ? 'Midnight' : clockLabel(m),
  }));

/** What a change on the calendar refreshes: the calendar and the desk's booking list. */
export const CALENDAR_QUERIES = ['merchants.getCalendar', 'merchants.merchantGetAllBookings'] as const;

/** A block as createBlock is sent it (the Block time form's output). */
type BlockRequest = z.output<typeof blockForm>;

export interface BlockDraft {
  staffId: string;
  date: string;
  start: number;
}

/** Block time: a break, leave or training for one professional: once, over a range of days, or every week. */
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
  /** Blocked (the toast says so): the modal closes. */
  onDone: () => void;
}) {
  if (!draft) return null;
  return <BlockForm draft={draft} merchantId={merchantId} professionals={professionals} onClose={onClose} onDone={onDone} />;
}

function BlockForm({
  draft,
  merchantId,
  professionals,
  onClose,
  onDone,
}: {
  draft: BlockDraft;
  merchantId: string;
  professionals: CalendarAnswer['professionals'];
  onClose: () => void;
  onDone: () => void;
}) {
  const form = useZodForm(blockForm, {
    defaultValues: {
      staffId: draft.staffId || professionals[0]?._id || '',
      kind: 'break',
      reason: '',
      date: draft.date,
      startTime: hhmm(draft.start),
      endTime: hhmm(Math.min(draft.start + 60, 1440)),
      allDay: false,
      repeatWeekly: false,
      untilDate: '',
      endDate: '',
    },
  });
  const { errors } = form.formState;
  const [date, allDay, repeatWeekly] = form.watch(['date', 'allDay', 'repeatWeekly']);
  /** A weekly block refused for the bookings in its way: it can be placed without those weeks, until the form is changed. */
  const [conflicted, setConflicted] = useState(false);
  /** "Rutuja Patil: break blocked every week (left out: …).", from the block as sent and the answer. */
  const blocked = (sent: BlockRequest, skipped: string[]) => {
    const who = professionals.find((p) => p._id === sent.staffId)?.name ?? 'The professional';
    const range = sent.endDate ? ` from ${longDate(sent.date)} to ${longDate(sent.endDate)}` : '';
    return (
      `${who}: ${BLOCK_LABEL[sent.kind].toLowerCase()} blocked${sent.repeatWeekly ? ' every week' : range}` +
      (skipped.length ? ` (left out: ${skipped.map((d) => longDate(d)).join(', ')})` : '') +
      '.'
    );
  };
  const failed = serverErrorsTo(form, 'The time could not be blocked. Please try again.');
  const create = trpc.merchants.createBlock.useMutation({
    meta: {
      successToast: (answer: { skipped: string[] }, sent: BlockRequest) => blocked(sent, answer.skipped),
      invalidates: CALENDAR_QUERIES,
    },
    onSuccess: onDone,
    onError: (err, sent) => {
      failed(err);
      setConflicted(httpStatusOf(err) === 409 && sent.repeatWeekly === true);
    },
  });
  const submit = (skipConflicts: boolean) => form.handleSubmit((request) => create.mutate({ ...request, merchantId, skipConflicts }));

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
            <Button variant="outline" onClick={submit(true)} loading={create.isPending} data-testid="block-skip-conflicts">
              Block the other weeks
            </Button>
          )}
          <Button type="submit" form="block-form" loading={create.isPending} data-testid="block-submit">
            Block time
          </Button>
        </>
      }
    >
      {/* Any change makes it another block: leaving weeks out is offered again only if that one is refused too. */}
      <form id="block-form" noValidate onSubmit={submit(false)} onChange={() => setConflicted(false)} className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Professional"
          {...form.register('staffId')}
          error={errors.staffId?.message}
          options={professionals.map((p) => ({ value: p._id, label: p.name }))}
          data-testid="block-staff"
        />
        <Select
          label="What"
          {...form.register('kind')}
          error={errors.kind?.message}
          options={BLOCK_KINDS.map((k) => ({ value: k, label: BLOCK_LABEL[k] }))}
          data-testid="block-kind"
        />
        <Input
          label="Reason"
          {...form.register('reason')}
          error={errors.reason?.message}
          maxLength={200}
          containerClassName="sm:col-span-2"
          placeholder="Lunch, team training…"
          data-testid="block-reason"
        />
        <Input
          label={repeatWeekly ? 'First date' : 'From date'}
          type="date"
          {...form.register('date')}
          error={errors.date?.message}
          data-testid="block-date"
        />
        {repeatWeekly ? (
          <Input
            key="until"
            label="Until (optional)"
            type="date"
            {...form.register('untilDate')}
            error={errors.untilDate?.message}
            min={date}
            data-testid="block-until"
          />
        ) : (
          <Input
            key="end-date"
            label="To date (optional)"
            hint="For leave over several days"
            type="date"
            {...form.register('endDate')}
            error={errors.endDate?.message}
            min={date}
            data-testid="block-end-date"
          />
        )}
        <div className="sm:col-span-2">
          <Checkbox label="All day" {...form.register('allDay')} data-testid="block-all-day" />
        </div>
        {!allDay && (
          <>
            <Select
              label="From"
              {...form.register('startTime')}
              error={errors.startTime?.message}
              options={timeOptions(0, 1425)}
              data-testid="block-start"
            />
            <Select
              label="To"
              {...form.register('endTime')}
              error={errors.endTime?.message}
              options={timeOptions(15, 1440)}
              data-testid="block-end"
            />
          </>
        )}
        <div className="sm:col-span-2">
          <Checkbox label="Repeat every week" {...form.register('repeatWeekly')} data-testid="block-weekly" />
        </div>
        <FormError message={errors.root?.server?.message} className="sm:col-span-2" testId="block-error" />
      </form>
    </Modal>
  );
}

/** A block's details, with removal of this occurrence or (weekly) of it and the weeks after; the owner keys it by the block. */
export function BlockDetailsModal({
  block,
  merchantId,
  staffName,
  onClose,
  onDone,
}: {
  block: CalendarBlock | null;
  merchantId: string;
  staffName: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const remove = trpc.merchants.deleteBlock.useMutation({
    meta: {
      successToast: ({ removed }: { removed: number }) =>
        removed > 1 ? `Removed ${removed} ${block?.repeatWeekly ? 'week' : 'day'}s of blocked time.` : 'Blocked time removed.',
      invalidates: CALENDAR_QUERIES,
    },
    onSuccess: onDone,
    onError: (err) => setError(errorMessage(err, 'The blocked time could not be removed.')),
  });
  if (!block) return null;
  // A block over several days (leave from Monday to Wednesday) is removed a day at a time, or from this day on.
  const multiDay = !!block.days && block.days.count > 1;
  const laterOnes = block.repeatWeekly || (multiDay && block.days!.last > block.date);
  const hours = block.start === 0 && block.end >= 1440 ? 'all day' : `${clockLabel(block.start)} – ${clockLabel(block.end)}`;
  const when = block.repeatWeekly
    ? `${longDate(block.date)}, ${hours} · every week${block.untilDate ? ` until ${longDate(block.untilDate)}` : ''}`
    : multiDay
      ? `${longDate(block.days!.first)} to ${longDate(block.days!.last)} (${block.days!.count} days), ${hours} · showing ${longDate(block.date)}`
      : `${longDate(block.date)}, ${hours}`;
  const run = (series: boolean) => {
    setError(null);
    remove.mutate({ merchantId, occurrenceId: block._id, series });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`${BLOCK_LABEL[block.kind]} · ${staffName}`}
      description={when}
      testId="block-details"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          {laterOnes && (
            <Button
              variant="outline"
              className="text-red-700"
              onClick={() => run(true)}
              loading={remove.isPending}
              data-testid="block-remove-series"
            >
              {block.repeatWeekly
                ? 'Remove this and later weeks'
                : block.days!.first === block.date
                  ? 'Remove all days'
                  : 'Remove this and later days'}
            </Button>
          )}
          <Button variant="danger" onClick={() => run(false)} loading={remove.isPending} data-testid="block-remove">
            {block.repeatWeekly ? 'Remove this week' : multiDay ? 'Remove this day' : 'Remove'}
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

export type { MoveOptions, MoveRequest } from './MoveBookingForm';

/**
 * A booking on the calendar: who, what, when; the desk's actions on it (check in, complete with
 * the payment received, cancel with a reason, no-show), through the same procedure as the List
 * view; and the keyboard's way to move it (another professional, date and time), the same move a
 * drag makes.
 */
export function BookingCardModal({
  booking,
  merchantId,
  timeZone,
  professionals,
  days,
  onClose,
  onMove,
  onStatusChanged,
  moving,
}: {
  booking: CalendarBooking | null;
  merchantId: string;
  timeZone: string;
  professionals: CalendarAnswer['professionals'];
  /** The shown days' bookings and blocks (the Move form marks the times they hold); none: only the professionals' hours. */
  days?: Pick<CalendarAnswer, 'dates' | 'bookings' | 'blocks'>;
  onClose: () => void;
  onMove: (m: MoveRequest, opts?: MoveOptions) => Promise<boolean>;
  /** The status changed (the toast says how): the card closes. */
  onStatusChanged: () => void;
  moving: boolean;
}) {
  if (!booking) return null;
  return (
    <BookingCard
      key={booking._id}
      booking={booking}
      merchantId={merchantId}
      timeZone={timeZone}
      days={{
        dates: days?.dates ?? [...new Set(professionals.flatMap((p) => p.hours.map((h) => h.date)))],
        professionals,
        bookings: days?.bookings ?? [],
        blocks: days?.blocks ?? [],
      }}
      onClose={onClose}
      onMove={onMove}
      onStatusChanged={onStatusChanged}
      moving={moving}
    />
  );
}

function BookingCard({
  booking,
  merchantId,
  timeZone,
  days,
  onClose,
  onMove,
  onStatusChanged,
  moving,
}: {
  booking: CalendarBooking;
  merchantId: string;
  timeZone: string;
  days: CalendarDays;
  onClose: () => void;
  onMove: (m: MoveRequest, opts?: MoveOptions) => Promise<boolean>;
  /** The status changed (the toast says how): the card closes. */
  onStatusChanged: () => void;
  moving: boolean;
}) {
  // The action being confirmed: completing asks for the payment, cancelling for a reason.
  const [step, setStep] = useState<'completed' | 'cancelled' | null>(null);
  const cancelForm = useZodForm(deskCancelForm, { defaultValues: { cancellationReason: '' } });
  const completeForm = useZodForm(deskCompleteForm, { defaultValues: { paymentReceived: false } });
  /** Why a check-in or no-show (an action with nothing to fill in) failed. */
  const [actionError, setActionError] = useState<string | null>(null);
  const movable = isMovable(booking);
  const actions = deskActions(booking.status);
  const pro = days.professionals.find((p) => p._id === booking.staffId);
  const today = salonClock(timeZone).date;
  const split = bookingCommission(booking.totalPrice);
  const who = booking.customerName;
  const setStatus = trpc.merchants.updateBookingStatus.useMutation({
    meta: {
      successToast: (_answer, { status }: { status: string }) =>
        status === 'confirmed'
          ? `${who} is checked in.`
          : status === 'completed'
            ? `${who}’s booking is completed: ${formatINR(split.merchantEarning)} is yours after the ${formatINR(split.commission)} commission.`
            : status === 'cancelled'
              ? `${who}’s booking is cancelled; they are told and refunded.`
              : `${who} is marked as a no-show.`,
      invalidates: CALENDAR_QUERIES,
    },
    onSuccess: onStatusChanged,
  });
  const FAILED = 'The booking could not be changed. Please try again.';
  const scope = { merchantId, bookingId: booking._id };

  const cancel = cancelForm.handleSubmit(({ cancellationReason }) =>
    setStatus.mutate({ ...scope, status: 'cancelled', cancellationReason }, { onError: serverErrorsTo(cancelForm, FAILED) }),
  );
  const complete = completeForm.handleSubmit(() =>
    setStatus.mutate({ ...scope, status: 'completed', paymentReceived: true }, { onError: serverErrorsTo(completeForm, FAILED) }),
  );

  const start = (to: DeskAction) => {
    setActionError(null);
    if (to === 'completed' || to === 'cancelled') return setStep(to);
    setStatus.mutate({ ...scope, status: to }, { onError: (err) => setActionError(errorMessage(err, FAILED)) });
  };

  const stepForm = step === 'cancelled' ? cancelForm : step === 'completed' ? completeForm : null;
  const error = stepForm ? stepForm.formState.errors.root?.server?.message : actionError;

  return (
    <Modal
      open
      onClose={onClose}
      title={booking.customerName}
      description={`#${booking.reference} · ${statusStyle(booking.status).label}`}
      testId="calendar-booking-modal"
      footer={
        step ? (
          <>
            <Button variant="outline" onClick={() => setStep(null)} data-testid="card-action-back">
              {step === 'cancelled' ? 'Keep booking' : 'Back'}
            </Button>
            <Button
              type="submit"
              form={`card-${step}-form`}
              variant={step === 'cancelled' ? 'danger' : 'primary'}
              loading={setStatus.isPending}
              data-testid="card-action-submit"
            >
              {step === 'cancelled' ? 'Cancel booking' : 'Complete'}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {movable && (
              <Button type="submit" form="card-move-form" loading={moving} data-testid="move-submit">
                Move booking
              </Button>
            )}
          </>
        )
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
      <BookingClientFlags bookingId={booking._id} className="mt-3" />

      {step === 'cancelled' ? (
        <form
          id="card-cancelled-form"
          noValidate
          onSubmit={cancel}
          className="mt-5 border-t border-blush-100 pt-4"
          data-testid="card-cancel"
        >
          <Textarea
            label="Reason for cancellation"
            {...cancelForm.register('cancellationReason')}
            error={cancelForm.formState.errors.cancellationReason?.message}
            maxLength={500}
            placeholder="Tell the customer why"
            data-testid="card-cancel-reason"
          />
          <p className="mt-2 text-xs text-ink-500">The customer is notified and gets a full refund.</p>
        </form>
      ) : step === 'completed' ? (
        <form
          id="card-completed-form"
          noValidate
          onSubmit={complete}
          className="mt-5 border-t border-blush-100 pt-4"
          data-testid="card-complete"
        >
          <dl className="mb-3 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt className="text-ink-500">Amount</dt>
            <dd className="text-right text-ink-900">{formatINR(booking.totalPrice, { paise: true })}</dd>
            <dt className="text-ink-500">Commission ({COMMISSION_RATE * 100}%)</dt>
            <dd className="text-right text-ink-900">−{formatINR(split.commission, { paise: true })}</dd>
            <dt className="font-medium text-ink-700">Your earning</dt>
            <dd className="text-right font-semibold text-plum-800">{formatINR(split.merchantEarning, { paise: true })}</dd>
          </dl>
          <Checkbox
            label="I have received the payment"
            {...completeForm.register('paymentReceived')}
            error={completeForm.formState.errors.paymentReceived?.message}
            data-testid="card-complete-paid"
          />
        </form>
      ) : (
        actions.length > 0 && (
          <div className="mt-5 border-t border-blush-100 pt-4">
            {actions.includes('confirmed') && booking.bookingDate !== today && (
              <p className="mb-2 rounded-lg bg-amber-50 px-2 py-1.5 text-xs font-medium text-amber-800" data-testid="card-not-today">
                This appointment is on {longDate(booking.bookingDate)}, not today: check the customer in only if they are here for it now.
              </p>
            )}
            <div role="group" aria-label="Desk actions" className="flex flex-wrap gap-2">
              {actions.map((a) => (
                <Button
                  key={a}
                  size="sm"
                  variant={a === 'cancelled' || a === 'no_show' ? 'outline' : 'secondary'}
                  className={a === 'cancelled' || a === 'no_show' ? 'text-red-700' : undefined}
                  onClick={() => start(a)}
                  loading={setStatus.isPending && setStatus.variables?.status === a}
                  data-testid={`card-action-${a}`}
                >
                  {ACTION_LABEL[a]}
                </Button>
              ))}
            </div>
          </div>
        )
      )}
      <FormError message={error} className="mt-3" testId="card-action-error" />

      {!step &&
        (movable ? (
          <MoveBookingForm booking={booking} merchantId={merchantId} timeZone={timeZone} days={days} onMove={onMove} onMoved={onClose} />
        ) : (
          <p className="mt-4 text-sm text-ink-500">A {statusStyle(booking.status).label.toLowerCase()} booking cannot be moved.</p>
        ))}
    </Modal>
  );
}
