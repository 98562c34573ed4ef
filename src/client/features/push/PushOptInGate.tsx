import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { isSignedInAtom } from '../../state/session';
import { shouldOfferPush } from './push';

const PushOptIn = lazy(() => import('./PushOptIn'));

/** A moment after sign-in, offers push to users whose browser has not been asked yet. */
const OFFER_DELAY_MS = 4000;

export function PushOptInGate() {
  const signedIn = useAtomValue(isSignedInAtom);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!signedIn || !shouldOfferPush()) return;
    const timer = window.setTimeout(() => setOpen(shouldOfferPush()), OFFER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn]);
  if (!open || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <PushOptIn onDone={() => setOpen(false)} />
    </Suspense>
  );
}
