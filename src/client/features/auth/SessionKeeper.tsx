import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { type SessionUser, sessionAtom, updateStoredUser } from '../../state/session';
import { trpc } from '../../trpc';

/**
 * Keeps the stored session honest while signed in: refreshes the stored profile once per load (an
 * expired token answers 401, which logs out). Other tabs' sign-in/out is followed by App.
 */
export function SessionKeeper() {
  const { token } = useAtomValue(sessionAtom);

  const profile = trpc.users.profile.useQuery(undefined, { staleTime: 5 * 60_000, enabled: Boolean(token) });
  const user = profile.data?.user as SessionUser | undefined;

  useEffect(() => {
    if (user) updateStoredUser(user);
  }, [user]);

  return null;
}
