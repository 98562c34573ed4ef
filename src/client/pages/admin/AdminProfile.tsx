import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { SkeletonText } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { AdminPage } from '../../features/admin/AdminPage';
import { formatDay, fullName } from '../../features/admin/format';
import { PasswordInput } from '../../features/auth/PasswordInput';
import { getSession, saveSession, sessionAtom } from '../../state/session';
import { errorMessage, useTRPC } from '../../trpc';

type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };
type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePassword() {
  const trpc = useTRPC();
  const change = useMutation(trpc.users.changePassword.mutationOptions());
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const set = (key: keyof PasswordForm, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordInput.safeParse(form);
    const next: PasswordErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof PasswordForm] ??= issue.message;
    }
    if (form.confirmPassword !== form.newPassword) next.confirmPassword = 'The two new passwords do not match.';
    setErrors(next);
    if (!parsed.success || next.confirmPassword) return;
    try {
      const answer = await change.mutateAsync(parsed.data);
      // The change signs out every other device; this one carries on with the fresh token.
      const session = getSession();
      if (session.user) saveSession({ token: answer.token, user: session.user, userType: 'admin' });
      setForm(EMPTY);
      toast.success(answer.message || 'Password changed.');
    } catch (err) {
      setErrors({ currentPassword: errorMessage(err, 'Could not change the password.') });
    }
  };

  return (
    <Card>
      <CardHeader title="Change password" description="Other devices signed in to this account are signed out." />
      <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md" data-testid="password-form">
        <PasswordInput id="current-password" label="Current password" autoComplete="current-password" required value={form.currentPassword} error={errors.currentPassword} onChange={(e) => set('currentPassword', e.target.value)} />
        <PasswordInput
          id="new-password"
          label="New password"
          autoComplete="new-password"
          required
          hint="At least 8 characters with a letter and a digit."
          value={form.newPassword}
          error={errors.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
        />
        <PasswordInput id="confirm-password" label="Confirm new password" autoComplete="new-password" required value={form.confirmPassword} error={errors.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />
        <div>
          <Button type="submit" loading={change.isPending} loadingText="Saving…" data-testid="password-save">
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

export default function AdminProfile() {
  const trpc = useTRPC();
  const session = useAtomValue(sessionAtom);
  const profile = useQuery(trpc.users.profile.queryOptions());
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
        <ChangePassword />
      </div>
    </AdminPage>
  );
}
