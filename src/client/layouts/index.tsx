import { useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageSpinner } from '../components/ui/Spinner';
import { isEmbedded } from '../features/channels/channel';
import { sessionAtom } from '../state/session';
import { withData } from '../withData';
import { DefaultLayout } from './DefaultLayout';
import { EmbedLayout } from './EmbedLayout';

// A visitor's first page (the one search engines and Lighthouse see) loads only the visitor's layout.
// Each comes with the data layer (src/client/data.tsx).
const CustomerLayout = lazy(
  withData(
    () => import('./CustomerLayout'),
    (m) => m.CustomerLayout,
  ),
);
const MerchantLayout = lazy(
  withData(
    () => import('./MerchantLayout'),
    (m) => m.MerchantLayout,
  ),
);
const AdminLayout = lazy(
  withData(
    () => import('./AdminLayout'),
    (m) => m.AdminLayout,
  ),
);

function Signed({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner label="Loading" />}>{children}</Suspense>;
}

/** Picks the layout from the stored user type; `userTypeChanged` updates it while the page is open. */
export function LayoutForUser({ children }: { children: ReactNode }) {
  const { userType } = useAtomValue(sessionAtom);
  // The widget's iframe shows the booking flow alone, whoever is signed in.
  if (isEmbedded()) return <EmbedLayout>{children}</EmbedLayout>;
  switch (userType) {
    case 'customer':
      return (
        <Signed>
          <CustomerLayout>{children}</CustomerLayout>
        </Signed>
      );
    case 'merchant':
      return (
        <Signed>
          <MerchantLayout>{children}</MerchantLayout>
        </Signed>
      );
    case 'admin':
      return (
        <Signed>
          <AdminLayout>{children}</AdminLayout>
        </Signed>
      );
    default:
      return <DefaultLayout>{children}</DefaultLayout>;
  }
}
