import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { sessionAtom } from '../../state/session';
import { trpc } from '../../trpc';
import { enablePush, shouldResubscribe } from './push';

/**
 * After each sign-in, a browser that already allows notifications is subscribed for the account now
 * signed in (logout dropped the previous one's). The offer itself is no longer a dialog that pops up
 * over whatever page is open: it is a card in the flow of a few pages (`PushOffer` in PushOptIn.tsx).
 */
export function PushOptInGate() {
  const { token, userId } = useAtomValue(sessionAtom);
  // Keyed by the account: each sign-in starts afresh (signing out unmounts it).
  return token ? <AfterSignIn key={userId ?? 'signed-in'} /> : null;
}

function AfterSignIn() {
  const client = trpc.useUtils().client;
  useEffect(() => {
    if (shouldResubscribe()) enablePush(client).catch((err) => console.warn('push: could not subscribe this browser', err));
  }, [client]);
  return null;
}
