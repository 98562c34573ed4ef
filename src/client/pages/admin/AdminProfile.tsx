import { useAtomValue } from 'jotai';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ChangePasswordCard } from '../../features/account/ChangePasswordCard';
import { AdminPage } from '../../features/admin/AdminPage';
import { formatDay, fullName } from '../../features/admin/format';
import { sessionAtom } from '../../state/session';
import { trpc } from '../../trpc';

export default function AdminProfile() {
  const session = useAtomValue(sessionAtom);
  const profile = trpc.users.profile.useQuery();
  const user = profile.data?.user ?? session.user;

  return (
    <AdminPage title="Admin Profile" description="Your administrator account.">
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <Card data-testid="admin-profile">
          {user ? (
            <div className="flex flex-col items-center text-center">
              <Avatar name={fullName(user.firstName, user.lastName)} src={user.profileImage ?? user.avatar ?? undefined} size="lg" />
              <h2 className="mt-3 text-lg font-semibold text-ink-900">{fullName(user.firstName, user.lastName)}</h2>
              <p className="text-sm text-ink-500">{user.email}</p>
              <Badge tone="accent" className="mt-2">
                Administrator
              </Badge>
              <dl className="mt-5 w-full divide-y divide-blush-100 text-left text-sm">
                <div className="flex justify-between gap-3 py-2">
                  <dt className="text-ink-500">Phone</dt>
                  <dd className="text-ink-900">{user.phone ?? '—'}</dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt className="text-ink-500">Member since</dt>
                  <dd className="text-ink-900">{formatDay(user.createdAt)}</dd>
                </div>
              </dl>
            </div>
          ) : (
            <SkeletonText lines={5} />
          )}
        </Card>
        <ChangePasswordCard />
      </div>
    </AdminPage>
  );
}
