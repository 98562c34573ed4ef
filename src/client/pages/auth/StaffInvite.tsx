import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { SALON_ROLE_LABELS } from '../../../shared/staffRoles';
import { PageContainer } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

/** The invitation link a salon's receptionist or professional opens: they set their password, then sign in. */
export default function StaffInvite() {
  usePageTitle('Join your salon');
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const invite = trpc.merchants.getStaffInvite.useQuery({ token }, { retry: false });
  const [password, setPassword] = useState('');
  const accept = trpc.merchants.acceptStaffInvite.useMutation({
    onSuccess: () => navigate(`/merchant/login?email=${encodeURIComponent(invite.data?.email ?? '')}`),
  });
  return (
    <PageContainer className="max-w-lg">
      {invite.isLoading && <Skeleton className="h-48" />}
      {invite.error && (
        <p className="text-sm text-red-700" data-testid="invite-error">
          {invite.error.message}
        </p>
      )}
      {invite.data && (
        <Card>
          <h1 className="text-xl font-bold text-ink-900" data-testid="page-title">
            Join {invite.data.shopName}
          </h1>
          <p className="mt-1 text-sm text-ink-500">
            {invite.data.name}, you are invited as a {SALON_ROLE_LABELS[invite.data.role].toLowerCase()}. Set a password; then sign in with{' '}
            <strong>{invite.data.email}</strong> at the salon owners’ sign-in.
          </p>
          <form
            className="mt-4 space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              accept.mutate({ token, password });
            }}
          >
            <Input
              label="Password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              hint="At least 8 characters with a letter and a digit."
              error={accept.error ? errorMessage(accept.error, 'Could not set the password.') : undefined}
              data-testid="invite-password"
            />
            <Button type="submit" disabled={accept.isPending} data-testid="invite-accept">
              Set password
            </Button>
          </form>
        </Card>
      )}
    </PageContainer>
  );
}
