import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../state/session';
import { AdminLayout } from './AdminLayout';
import { CustomerLayout } from './CustomerLayout';
import { DefaultLayout } from './DefaultLayout';
import { MerchantLayout } from './MerchantLayout';

/** Picks the layout from the stored user type; `userTypeChanged` updates it while the page is open. */
export function LayoutForUser({ children }: { children: ReactNode }) {
  const { userType } = useAtomValue(sessionAtom);
  switch (userType) {
    case 'customer':
      return <CustomerLayout>{children}</CustomerLayout>;
    case 'merchant':
      return <MerchantLayout>{children}</MerchantLayout>;
    case 'admin':
      return <AdminLayout>{children}</AdminLayout>;
    default:
      return <DefaultLayout>{children}</DefaultLayout>;
  }
}
