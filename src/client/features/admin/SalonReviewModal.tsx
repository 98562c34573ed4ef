import type { AdminSalonWire } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { SkeletonText } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { errorMessage, trpc } from '../../trpc';
import { formatDateTime } from './format';

export interface SalonReviewModalProps {
  salon: AdminSalonWire | null;
  approving: boolean;
  onApprove: (salon: AdminSalonWire) => void;
  onReject: (salon: AdminSalonWire) => void;
  onClose: () => void;
}

/** The 14 profile checks of a salon, with approve and reject when it waits for review. */
export function SalonReviewModal({ salon, approving, onApprove, onReject, onClose }: SalonReviewModalProps) {
  const completion = trpc.admin.salonCompletion.useQuery({ id: salon?._id ?? '' }, { enabled: Boolean(salon) });
  const c = completion.data;
  const pending = c?.publishStatus === 'pending';
  const complete = (c?.percent ?? 0) >= 100;
  const passed = c?.checks.filter((x) => x.done).length ?? 0;

  return (
    <Modal
      open={Boolean(salon)}
      onClose={onClose}
      title={salon ? `Review ${salon.shop_Name}` : 'Review salon'}
      description={salon ? `${salon.City}, ${salon.State} · owner ${salon.shop_Owner}` : undefined}
      size="lg"
      testId="salon-review"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          {salon && pending && (
            <>
              <Button
                variant="outline"
                className="border-red-200 text-red-700 hover:bg-red-50"
                onClick={() => onReject(salon)}
                data-testid="reject-salon"
              >
                Reject
              </Button>
              <Button onClick={() => onApprove(salon)} loading={approving} disabled={!complete} data-testid="approve-salon">
                Approve and publish
              </Button>
            </>
          )}
        </>
      }
    >
      {completion.isLoading ? (
        <SkeletonText lines={10} />
      ) : completion.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(completion.error, 'Could not load the profile checks.')}
        </p>
      ) : c ? (
        <div className="space-y-4">
          <div>
            <div className="mb-1.5 flex items-baseline justify-between text-sm">
              <span className="font-medium text-ink-900">Profile {c.percent}% complete</span>
              <span className="text-ink-500" data-testid="checks-passed">
                {passed} of {c.checks.length} checks passed
              </span>
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-blush-100"
              role="progressbar"
              aria-valuenow={c.percent}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label="Profile completion"
            >
              <div className={cn('h-full rounded-full', complete ? 'bg-emerald-500' : 'bg-amber-400')} style={{ width: `${c.percent}%` }} />
            </div>
          </div>
          {salon?.publishRequestedAt && pending && (
            <p className="text-sm text-ink-600">Publish requested {formatDateTime(salon.publishRequestedAt)}.</p>
          )}
          {c.publishNote && (
            <p className="rounded-xl bg-blush-50 px-3 py-2 text-sm text-ink-700">
              <span className="font-medium">Last note:</span> {c.publishNote}
            </p>
          )}
          <ul className="grid gap-1.5 sm:grid-cols-2" data-testid="completion-checks">
            {c.checks.map((check) => (
              <li key={check.id} className="flex items-start gap-2 text-sm" data-done={check.done}>
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 flex size-4.5 shrink-0 items-center justify-center rounded-full text-[11px] font-bold',
                    check.done ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-600',
                  )}
                >
                  {check.done ? '✓' : '✕'}
                </span>
                <span className={check.done ? 'text-ink-700' : 'font-medium text-red-700'}>
                  {check.label}
                  <span className="sr-only">{check.done ? ' (done)' : ' (missing)'}</span>
                </span>
              </li>
            ))}
          </ul>
          {pending && !complete && (
            <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800">
              The profile must pass every check before it can be approved. Reject it with a note saying what is missing.
            </p>
          )}
          {!pending && <p className="text-sm text-ink-500">This salon has no publish request waiting ({c.publishStatus}).</p>}
        </div>
      ) : null}
    </Modal>
  );
}
