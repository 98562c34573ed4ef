import { useState } from 'react';
import type { z } from 'zod';
import type { CalendarAnswer } from '../../../shared/schemas/calendar';
import { BLOCK_KINDS, blockForm } from '../../../shared/schemas/calendar';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { httpStatusOf, trpc } from '../../trpc';
import { CALENDAR_QUERIES } from './calendarQueries';
import { BLOCK_LABEL, clockLabel, hhmm } from './layout';

const timeOptions = (from: number, to: number) =>
  Array.from({ length: (to - from) / 15 + 1 }, (_, i) => from + i * 15).map((m) => ({
    value: hhmm(m === 1440 ? 1440 : m),
    label: m === 1440 ? 'Midnight' : clockLabel(m),
  }));

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
