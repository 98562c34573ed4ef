import { useAtomValue } from 'jotai';
import { useSearch } from 'wouter';
import { sessionAtom } from '../../state/session';

/**
 * The salon the desk works on: a merchant's own; an admin names one with ?merchantId=.
 * `userId` is the acting account, which the merchant screens send along with status changes.
 */
export function useDeskMerchant(): { merchantId: string | null; userId: string | undefined; isAdmin: boolean } {
  const session = useAtomValue(sessionAtom);
  const search = useSearch();
  const isAdmin = session.userType === 'admin';
  const merchantId = isAdmin ? new URLSearchParams(search).get('merchantId') : session.userId;
  return { merchantId: merchantId || null, userId: session.userId ?? undefined, isAdmin };
}
