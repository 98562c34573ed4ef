import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../state/session';
import { useTRPCClient } from '../../trpc';
import { enablePush, shouldOfferPush, shouldResubscribe } from './push';

const PushOptIn = lazy(() => import('./PushOptIn'));

/** A moment after sign-in, offers push to users whose browser has not been asked yet. */
const OFFER_DELAY_MS = 4000;

/**
 * After each sign-in: a browser that already allows notifications is subscribed for the account
 * now signed in (logout dropped the previous one's); otherwise the opt-in is offered.
 */
export function PushOptInGate() {
  const { token, userId } = useAtomValue(sessionAtom);
  const signedIn = Boolean(token);
  const client = useTRPCClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    if (shouldResubscribe()) {
      enablePush(client).catch((err) => console.warn('push: could not subscribe this browser', err));
      return;
    }
    if (!shouldOfferPush()) return;
    const timer = window.setTimeout(() => setOpen(shouldOfferPush()), OFFER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, userId, client]);
  if (!open || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <PushOptIn onDone={() => setOpen(false)} />
    </Suspense>
  );
}
