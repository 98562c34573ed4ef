import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { BellIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toast';
import { cn } from '../../lib/cn';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';
import { declinePush, enablePush, markPushUnsupported, PUSH_UNSUPPORTED, shouldOfferPush } from './push';

/** What the offer says to whom: a customer hears of reminders, a salon of new bookings and changes. */
export const PUSH_COPY = {
  customer: {
    title: 'Get booking reminders',
    body: 'Allow notifications for your booking confirmations and a reminder a day and two hours before each appointment.',
    on: 'Notifications are on. We will remind you before your appointments.',
  },
  merchant: {
    title: 'Hear about new bookings at once',
    body: 'Allow notifications on this device to be told when a customer books, reschedules or cancels, even with this tab closed.',
    on: 'Notifications are on. We will tell you about new bookings and changes.',
  },
} as const;

export type PushAudience = keyof typeof PUSH_COPY;

/**
 * The push opt-in as a card in the page's flow (never a dialog over it): shown where it covers no
 * action, e.g. on a booking's confirmation, above the customer's bookings, at the top of the salon's
 * panel. Allow asks the browser and subscribes; Not now remembers the answer. Renders nothing for a
 * signed-out visitor, an admin, or a browser that has answered already.
 */
export function PushOffer({ className, frame }: { className?: string /** A box around the card, only when it shows. */; frame?: string }) {
  const { token, userType } = useAtomValue(sessionAtom);
  const client = trpc.useUtils().client;
  // Read once per mount: the answer below hides it, and a later answer elsewhere on a next visit.
  const [open, setOpen] = useState(() => shouldOfferPush());
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const audience: PushAudience | null = userType === 'merchant' ? 'merchant' : userType === 'customer' ? 'customer' : null;
  if (!token || !audience || !open) return null;
  const copy = PUSH_COPY[audience];

  const deny = () => {
    declinePush();
    setOpen(false);
  };

  const allow = async () => {
    setBusy(true);
    try {
      const result = await enablePush(client);
      if (result === 'unsupported') {
        window.alert(PUSH_UNSUPPORTED);
        markPushUnsupported();
      } else if (result === 'subscribed') toast.success(copy.on);
      else toast.info('Notifications stay off. You can turn them on later in your browser settings.');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not turn on notifications in this browser.'));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const card = (
    <section
      aria-labelledby={titleId}
      data-testid="push-opt-in"
      data-audience={audience}
      className={cn('flex flex-col gap-3 rounded-2xl border border-plum-200 bg-plum-50 p-4 sm:flex-row sm:items-center', className)}
    >
      <BellIcon className="hidden size-6 shrink-0 text-plum-700 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="font-semibold text-ink-900">
          {copy.title}
        </h2>
        <p className="text-sm text-ink-700">{copy.body}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={deny} disabled={busy} data-testid="push-deny">
          Not now
        </Button>
        <Button size="sm" onClick={allow} loading={busy} loadingText="Allowing…" data-testid="push-allow">
          Allow
        </Button>
      </div>
    </section>
  );
  return frame ? <div className={frame}>{card}</div> : card;
}
