import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { sessionAtom } from '../../state/session';
import { trpc } from '../../trpc';
import { enablePush, shouldOfferPush, shouldResubscribe } from './push';

const PushOptIn = lazy(() => import('./PushOptIn'));

/** A moment after sign-in, offers push to users whose browser has not been asked yet. */
const OFFER_DELAY_MS = 4000;
/**
 * How long the screen must stay free of dialogs before the offer opens: closing one dialog often
 * opens the next (Complete → Booking Completed), and the offer must not slip in between.
 */
const CLEAR_FOR_MS = 1000;

/**
 * Any dialog on screen: a modal (Confirm Booking, ...), the search filters, the chat assistant,
 * the notifications list. The offer is a modal of its own and would cover it.
 */
function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;
}

/**
 * After each sign-in: a browser that already allows notifications is subscribed for the account
 * now signed in (logout dropped the previous one's); otherwise the opt-in is offered, once the
 * delay has passed and no other dialog is open.
 */
export function PushOptInGate() {
  const { token, userId } = useAtomValue(sessionAtom);
  // Keyed by the account: each sign-in starts afresh (signing out unmounts it).
  return token ? <AfterSignIn key={userId ?? 'signed-in'} /> : null;
}

function AfterSignIn() {
  const client = trpc.useUtils().client;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (shouldResubscribe()) {
      enablePush(client).catch((err) => console.warn('push: could not subscribe this browser', err));
      return;
    }
    if (!shouldOfferPush()) return;
    let observer: MutationObserver | null = null;
    let clearTimer: number | undefined;
    // Opens once the screen has been free of dialogs for CLEAR_FOR_MS; a dialog opening in the
    // meantime starts the wait over when it closes. The rules are read again at that moment.
    const waitForClearScreen = () => {
      if (dialogOpen()) {
        window.clearTimeout(clearTimer);
        clearTimer = undefined;
        return;
      }
      // Other changes to the page (a list refreshing) leave a running wait alone.
      if (clearTimer !== undefined) return;
      clearTimer = window.setTimeout(() => {
        clearTimer = undefined;
        if (dialogOpen()) return;
        observer?.disconnect();
        setOpen(shouldOfferPush());
      }, CLEAR_FOR_MS);
    };
    const delay = window.setTimeout(() => {
      if (!dialogOpen()) {
        setOpen(shouldOfferPush());
        return;
      }
      observer = new MutationObserver(waitForClearScreen);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'open'] });
    }, OFFER_DELAY_MS);
    return () => {
      window.clearTimeout(delay);
      window.clearTimeout(clearTimer);
      observer?.disconnect();
    };
  }, [client]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PushOptIn onDone={() => setOpen(false)} />
    </Suspense>
  );
}
