import { useState } from 'react';
import type { CalendarBlock } from '../../../shared/schemas/calendar';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { longDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';
import { CALENDAR_QUERIES } from './calendarQueries';
import { BLOCK_LABEL, clockLabel } from './layout';

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
