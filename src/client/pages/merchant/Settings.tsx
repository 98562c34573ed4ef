import { useEffect } from 'react';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { GstSection } from '../../features/billing/GstSection';
import { OnlineBookingSection } from '../../features/channels/OnlineBookingSection';
import { PaymentPolicySection } from '../../features/payments/PaymentPolicyForms';
import { useMerchantId } from '../../features/shop/api';
import { ProfileCompletionCard } from '../../features/shop/ProfileCompletionCard';
import {
  BusinessHoursSection,
  BusinessProfileSection,
  NotificationsSection,
  SecuritySection,
  WhatsAppSignInSection,
} from '../../features/shop/SettingsSections';
import { focusHashTarget } from '../../lib/hashTarget';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

export default function Settings() {
  usePageTitle('Settings & Profile');
  const merchantId = useMerchantId();
  const settings = trpc.merchants.getMerchantSettingsById.useQuery({ id: merchantId ?? '' }, { enabled: Boolean(merchantId) });
  const merchant = settings.data?.merchant;
  // A checklist link from another page (/merchant/settings#field): once the form is there, go to the field.
  const loaded = Boolean(merchant);
  useEffect(() => {
    if (!loaded || !window.location.hash) return;
    const frame = requestAnimationFrame(() => focusHashTarget(`${window.location.pathname}${window.location.hash}`));
    return () => cancelAnimationFrame(frame);
  }, [loaded]);

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title="Settings & Profile"
        description="Your business profile, opening hours, online booking, payments, notifications and password."
      />
      {!merchantId ? (
        <EmptyState title="No shop selected" description="Merchant ID not found. Please log in again." />
      ) : settings.isLoading ? (
        <PageSpinner label="Loading settings" />
      ) : settings.isError || !merchant ? (
        <LoadError
          title="Could not load your settings"
          description="Failed to load settings. Please try again later."
          onRetry={settings.refetch}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <ProfileCompletionCard merchantId={merchantId} />
          <BusinessProfileSection merchant={merchant} merchantId={merchantId} />
          <BusinessHoursSection merchant={merchant} merchantId={merchantId} />
          <OnlineBookingSection merchantId={merchantId} />
          <PaymentPolicySection merchantId={merchantId} />
          <NotificationsSection merchant={merchant} merchantId={merchantId} />
          <GstSection merchantId={merchantId} />
          <SecuritySection />
          <WhatsAppSignInSection />
        </div>
      )}
    </PageContainer>
  );
}
