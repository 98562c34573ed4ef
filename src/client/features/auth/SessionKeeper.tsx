import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { type SessionUser, sessionAtom, updateStoredUser, watchSessionChanges } from '../../state/session';
import { trpc } from '../../trpc';

/**
 * Keeps the stored session honest: follows sign-in/out from other tabs and `userTypeChanged`, and
 * refreshes the stored profile once per load (an expired token answers 401, which logs out).
 */
export function SessionKeeper() {
  const { token } = useAtomValue(sessionAtom);

  useEffect(() => watchSessionChanges(), []);

  const profile = trpc.users.profile.useQuery(undefined, { staleTime: 5 * 60_000, enabled: Boolean(token) });
  const user = profile.data?.user as SessionUser | undefined;

  useEffect(() => {
    if (user) updateStoredUser(user);
  }, [user]);

  return null;
}
