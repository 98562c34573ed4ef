import { changePasswordForm } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { getSession, saveSession } from '../../state/session';
import { trpc } from '../../trpc';
import { PasswordInput } from '../auth/PasswordInput';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password for any role; the fresh token keeps this device signed in. */
export function ChangePasswordCard() {
  const form = useZodForm(changePasswordForm, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const change = trpc.users.changePassword.useMutation({
    meta: { successToast: (answer: { message: string }) => answer.message || 'Password changed.' },
    onSuccess: (answer) => {
      // The change signs out every other device; this one carries on with the fresh token.
      const session = getSession();
      if (session.user && session.userType) saveSession({ token: answer.token, user: session.user, userType: session.userType });
      form.reset(EMPTY);
    },
    onError: serverErrorsTo(form, 'Could not change the password.'),
  });

  const submit = form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }));

  return (
    <Card>
      <CardHeader title="Change password" description="Other devices signed in to this account are signed out." />
      <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md" data-testid="password-form">
        <FormError message={errors.root?.server?.message} />
        <PasswordInput
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          required
          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordInput
          id="new-password"
          label="New password"
          autoComplete="new-password"
          required
          hint="At least 8 characters with a letter and a digit."
          {...form.register('newPassword')}
          error={errors.newPassword?.message}
        />
        <PasswordInput
          id="confirm-password"
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <div>
          <Button type="submit" loading={change.isPending} loadingText="Saving…" data-testid="password-save">
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
