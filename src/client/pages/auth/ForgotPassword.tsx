import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { forgotPasswordInput, resetPasswordForm } from '../../../shared/schemas/auth';
import { otpCodeForm } from '../../../shared/schemas/authExtras';
import { CheckCircleIcon, MailIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { AuthShell } from '../../features/auth/AuthShell';
import { PasswordInput } from '../../features/auth/PasswordInput';
import { withRedirect } from '../../features/auth/useAuthSuccess';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

type Step = 'email' | 'code' | 'password' | 'done';

const STEPS: { id: Exclude<Step, 'done'>; label: string }[] = [
  { id: 'email', label: 'Email' },
  { id: 'code', label: 'Code' },
  { id: 'password', label: 'New password' },
];

function StepIndicator({ step }: { step: Step }) {
  const current = step === 'done' ? STEPS.length : STEPS.findIndex((s) => s.id === step);
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label="Progress">
      {STEPS.map((s, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={s.id} className="flex flex-1 items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                done ? 'bg-plum-700 text-white' : active ? 'bg-plum-100 text-plum-800 ring-2 ring-plum-500' : 'bg-blush-100 text-ink-400',
              )}
            >
              {index + 1}
            </span>
            <span className={cn('hidden text-xs font-medium sm:inline', active || done ? 'text-ink-700' : 'text-ink-400')}>{s.label}</span>
            {index < STEPS.length - 1 && <span aria-hidden="true" className={cn('h-px flex-1', done ? 'bg-plum-400' : 'bg-blush-200')} />}
          </li>
        );
      })}
    </ol>
  );
}

export default function ForgotPassword() {
  const search = useSearch();
  // Only a development server without a mail transport says so (content/devMailDrop); customers never see it.
  const mailDrop = trpc.content.devMailDrop.useQuery({}, { staleTime: Infinity });
  const sendCode = trpc.users.forgotPassword.useMutation();
  const verifyCode = trpc.users.verifyResetOtp.useMutation();
  const resetPassword = trpc.users.resetPassword.useMutation();

  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const emailForm = useZodForm(forgotPasswordInput, { defaultValues: { email: '' } });
  const codeForm = useZodForm(otpCodeForm, { defaultValues: { otp: '' } });
  const passwordForm = useZodForm(resetPasswordForm, { defaultValues: { newPassword: '', confirmPassword: '' } });

  const loginHref = withRedirect(new URLSearchParams(search).get('as') === 'merchant' ? '/login?as=merchant' : '/login', search);

  const requestCode = emailForm.handleSubmit(async (input) => {
    setNotice(null);
    try {
      await sendCode.mutateAsync(input);
      setEmail(input.email);
      setStep('code');
    } catch (error) {
      serverErrorsTo(emailForm, 'Could not send the code. Please try again.')(error);
    }
  });

  const resendCode = async () => {
    setNotice(null);
    codeForm.clearErrors();
    try {
      await sendCode.mutateAsync({ email });
      setNotice('We sent you a new code.');
    } catch (error) {
      serverErrorsTo(codeForm, 'Could not send the code. Please try again.')(error);
    }
  };

  const submitCode = codeForm.handleSubmit(async (input) => {
    setNotice(null);
    try {
      const answer = await verifyCode.mutateAsync({ email, otp: input.otp });
      if (!answer.valid) return codeForm.setError('otp', { type: 'server', message: 'That code is not valid or has expired.' });
      setOtp(input.otp);
      setStep('password');
    } catch (error) {
      serverErrorsTo(codeForm, 'Could not verify the code. Please try again.')(error);
    }
  });

  const submitPassword = passwordForm.handleSubmit(async (input) => {
    try {
      await resetPassword.mutateAsync({ email, otp, newPassword: input.newPassword });
      setStep('done');
    } catch (error) {
      serverErrorsTo(passwordForm, 'Could not reset the password. Please try again.')(error);
    }
  });

  const titles: Record<Step, { title: string; subtitle: string }> = {
    email: { title: 'Forgot your password?', subtitle: "Enter your account's email and we'll send you a 6-digit code." },
    code: { title: 'Enter the code', subtitle: `We sent a 6-digit code to ${email}.` },
    password: { title: 'Choose a new password', subtitle: 'Use at least 8 characters with a letter and a digit.' },
    done: { title: 'Password updated', subtitle: 'You can now sign in with your new password.' },
  };

  return (
    <AuthShell
      pageTitle="Reset password"
      title={titles[step].title}
      subtitle={titles[step].subtitle}
      footer={
        step !== 'done' && (
          <>
            Remembered it?{' '}
            <Link href={loginHref} className="font-semibold text-plum-700 hover:underline">
              Back to sign in
            </Link>
          </>
        )
      }
    >
      <StepIndicator step={step} />
      <div className="space-y-4">
        {notice && (
          <p role="status" className="rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm font-medium text-emerald-800">
            {notice}
          </p>
        )}

        {step === 'email' && (
          <form noValidate onSubmit={requestCode} className="space-y-4" data-testid="forgot-email-form">
            <FormError message={emailForm.formState.errors.root?.server?.message} />
            <Input
              id="forgot-email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...emailForm.register('email')}
              error={emailForm.formState.errors.email?.message}
              required
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={sendCode.isPending}
              loadingText="Sending code..."
              data-testid="forgot-submit"
            >
              Send code
            </Button>
          </form>
        )}

        {step === 'code' && (
          <form noValidate onSubmit={submitCode} className="space-y-4" data-testid="forgot-code-form">
            <FormError message={codeForm.formState.errors.root?.server?.message} />
            <div className="flex gap-3 rounded-xl border border-gold-300/60 bg-gold-100/60 px-3.5 py-3 text-xs text-gold-700">
              <MailIcon className="mt-0.5 size-4 shrink-0" />
              <p data-testid="forgot-code-hint">
                Check your inbox (and spam folder) for the 6-digit code.
                {mailDrop.data?.devMailDrop && (
                  <span className="mt-1 block" data-testid="forgot-dev-mail-drop">
                    Development server without SMTP: no e-mail was sent. The code is in the local mail drop
                    {mailDrop.data.mailDropDir ? ` (${mailDrop.data.mailDropDir})` : ''}.
                  </span>
                )}
              </p>
            </div>
            <Input
              id="forgot-otp"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="••••••"
              className="text-center font-mono text-lg tracking-[0.5em]"
              {...codeForm.register('otp', { setValueAs: (value: string) => value.replace(/\D/g, '').slice(0, 6) })}
              error={codeForm.formState.errors.otp?.message}
              required
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={verifyCode.isPending}
              loadingText="Verifying..."
              data-testid="verify-otp-submit"
            >
              Verify code
            </Button>
            <div className="flex items-center justify-between text-sm">
              <button
                type="button"
                className="font-medium text-plum-700 hover:underline"
                onClick={() => {
                  setStep('email');
                  setNotice(null);
                  codeForm.reset();
                }}
              >
                Change email
              </button>
              <button
                type="button"
                className="font-medium text-plum-700 hover:underline disabled:opacity-50"
                disabled={sendCode.isPending}
                onClick={() => void resendCode()}
                data-testid="resend-otp"
              >
                Resend code
              </button>
            </div>
          </form>
        )}

        {step === 'password' && (
          <form noValidate onSubmit={submitPassword} className="space-y-4" data-testid="reset-password-form">
            <FormError message={passwordForm.formState.errors.root?.server?.message} />
            <PasswordInput
              id="reset-password"
              label="New password"
              autoComplete="new-password"
              {...passwordForm.register('newPassword')}
              error={passwordForm.formState.errors.newPassword?.message}
              required
            />
            <PasswordInput
              id="reset-password-confirm"
              label="Confirm new password"
              autoComplete="new-password"
              {...passwordForm.register('confirmPassword')}
              error={passwordForm.formState.errors.confirmPassword?.message}
              required
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              loading={resetPassword.isPending}
              loadingText="Saving..."
              data-testid="reset-password-submit"
            >
              Reset password
            </Button>
          </form>
        )}

        {step === 'done' && (
          <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="reset-done">
            <span className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <CheckCircleIcon className="size-8" />
            </span>
            <p className="text-sm text-ink-500">Your password has been changed.</p>
            <Link href={loginHref} className={buttonClasses('primary', 'lg', 'w-full')} data-testid="back-to-login">
              Go to sign in
            </Link>
          </div>
        )}
      </div>
    </AuthShell>
  );
}
