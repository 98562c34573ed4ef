import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { toast } from '../../components/ui/Toast';
import { PasswordInput } from '../auth/PasswordInput';
import { getSession, saveSession } from '../../state/session';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';

type PasswordForm = { currentPassword: string; newPassword: string; confirmPassword: string };
type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password for any role; the fresh token keeps this device signed in. */
export function ChangePasswordCard() {
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
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof PasswordForm] ??= readableMessage(issue.message);
    }
    if (form.confirmPassword !== form.newPassword) next.confirmPassword = 'The two new passwords do not match.';
    setErrors(next);
    if (!parsed.success || next.confirmPassword) return;
    try {
      const answer = await change.mutateAsync(parsed.data);
      // The change signs out every other device; this one carries on with the fresh token.
      const session = getSession();
      if (session.user && session.userType) saveSession({ token: answer.token, user: session.user, userType: session.userType });
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
