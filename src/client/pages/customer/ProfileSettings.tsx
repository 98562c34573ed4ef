import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '../../components/ui/Button';
import { CUSTOMER_PREFERENCES, type CustomerPreferenceKey } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { LoadError } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { ChangePasswordCard } from '../../features/account/ChangePasswordCard';
import { disablePush, enablePush, pushSupported, PUSH_UNSUPPORTED } from '../../features/push/push';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, useTRPC, useTRPCClient } from '../../trpc';

function Preferences() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const q = useQuery(trpc.users.getNotificationPreferences.queryOptions({}));
  const save = useMutation(trpc.users.updateNotificationPreferences.mutationOptions());
  const [pending, setPending] = useState<CustomerPreferenceKey | null>(null);

  const toggle = async (key: CustomerPreferenceKey, on: boolean) => {
    setPending(key);
    try {
      // Push also needs this browser's permission and subscription.
      if (key === 'push' && on) {
        const r = await enablePush(client);
        if (r === 'unsupported') window.alert(PUSH_UNSUPPORTED);
        if (r !== 'subscribed') return;
      }
      if (key === 'push' && !on && pushSupported()) await disablePush(client);
      const r = await save.mutateAsync({ preferences: { [key]: on } });
      queryClient.setQueryData(trpc.users.getNotificationPreferences.queryKey({}), r);
      toast.success('Preferences saved');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save your preferences.'));
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
