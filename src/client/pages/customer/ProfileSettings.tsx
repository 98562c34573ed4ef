import { useState } from 'react';
import { Link } from 'wouter';
import { CUSTOMER_PREFERENCES, type CustomerPreferenceKey } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { LoadError } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { ChangePasswordCard } from '../../features/account/ChangePasswordCard';
import { disablePush, enablePush, PUSH_UNSUPPORTED, pushSupported } from '../../features/push/push';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

function Preferences() {
  const client = trpc.useUtils().client;
  const utils = trpc.useUtils();
  const q = trpc.users.getNotificationPreferences.useQuery({});
  const save = trpc.users.updateNotificationPreferences.useMutation({
    meta: { successToast: 'Preferences saved', errorToast: 'Could not save your preferences.' },
    // The answer is the preferences as saved: shown without asking again.
    onSuccess: (r) => utils.users.getNotificationPreferences.setData({}, r),
  });
  const [pending, setPending] = useState<CustomerPreferenceKey | null>(null);

  /** Push also needs this browser's permission and subscription; false when it is not to be saved. */
  const browserReady = async (key: CustomerPreferenceKey, on: boolean): Promise<boolean> => {
    if (key !== 'push') return true;
    try {
      if (!on) {
        if (pushSupported()) await disablePush(client);
        return true;
      }
      const r = await enablePush(client);
      if (r === 'unsupported') window.alert(PUSH_UNSUPPORTED);
      return r === 'subscribed';
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save your preferences.'));
      return false;
    }
  };

  const toggle = async (key: CustomerPreferenceKey, on: boolean) => {
    setPending(key);
    try {
      // The save's toast, either way, is its meta.
      if (await browserReady(key, on)) await save.mutateAsync({ preferences: { [key]: on } }).catch(() => undefined);
    } finally {
      setPending(null);
    }
  };

  return (
    <Card>
      <CardHeader title="Notifications" description="In-app notifications about your bookings always arrive; choose the rest." />
      {q.isError ? (
        <LoadError title="Could not load your preferences" onRetry={q.refetch} />
      ) : !q.data ? (
        <SkeletonText lines={4} />
      ) : (
        <div className="grid gap-4" data-testid="preferences">
          {CUSTOMER_PREFERENCES.map((p) => (
            <Checkbox
              key={p.key}
              id={`pref-${p.key}`}
              label={p.label}
              description={p.description}
              checked={q.data.preferences[p.key]}
              disabled={pending !== null}
              onChange={(e) => void toggle(p.key, e.target.checked)}
            />
          ))}
        </div>
      )}
    </Card>
  );
}

export default function ProfileSettings() {
  usePageTitle('Profile Settings');
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Profile Settings"
        description="Notifications and your password."
        actions={
          <Link href="/profile" className={buttonClasses('outline', 'sm')}>
            My profile
          </Link>
        }
      />
      <div className="space-y-6">
        <Preferences />
        <ChangePasswordCard />
      </div>
    </PageContainer>
  );
}
