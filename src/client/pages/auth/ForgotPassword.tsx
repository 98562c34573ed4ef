import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { forgotPasswordInput, resetPasswordInput, verifyResetOtpInput } from '../../../shared/schemas/auth';
import { CheckCircleIcon, MailIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { AuthShell, FormError } from '../../features/auth/AuthShell';
import { fieldErrorsOf } from '../../features/auth/formErrors';
import { PasswordInput } from '../../features/auth/PasswordInput';
import { withRedirect } from '../../features/auth/useAuthSuccess';
import { cn } from '../../lib/cn';
import { errorMessage, useTRPC } from '../../trpc';

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
  const trpc = useTRPC();
  // Only a development server without a mail transport says so (content/devMailDrop); customers never see it.
  const mailDrop = useQuery({ ...trpc.content.devMailDrop.queryOptions({}), staleTime: Infinity });
  const sendCode = useMutation(trpc.users.forgotPassword.mutationOptions());
  const verifyCode = useMutation(trpc.users.verifyResetOtp.mutationOptions());
  const resetPassword = useMutation(trpc.users.resetPassword.mutationOptions());

  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const loginHref = withRedirect(new URLSearchParams(search).get('as') === 'merchant' ? '/login?as=merchant' : '/login', search);

  const requestCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setFormError(null);
    setNotice(null);
    const parsed = forgotPasswordInput.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      await sendCode.mutateAsync(parsed.data);
      setEmail(parsed.data.email);
      setStep('code');
      if (!event) setNotice('We sent you a new code.');
    } catch (error) {
      setFormError(errorMessage(error, 'Could not send the code. Please try again.'));
    }
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    const parsed = verifyResetOtpInput.safeParse({ email, otp });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await verifyCode.mutateAsync(parsed.data);
      if (answer.valid) setStep('password');
      else setErrors({ otp: 'That code is not valid or has expired.' });
    } catch (error) {
      setFormError(errorMessage(error, 'Could not verify the code. Please try again.'));
    }
  };

  const submitPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordInput.safeParse({ email, otp, newPassword: password });
    const nextErrors: Record<string, string | undefined> = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (!confirm) nextErrors.confirm = 'Please confirm your new password.';
    else if (confirm !== password) nextErrors.confirm = 'Passwords do not match.';
    if (!parsed.success || nextErrors.confirm) {
      setErrors(nextErrors);
      if (!parsed.success && (nextErrors.otp || nextErrors.email)) setFormError(nextErrors.otp ?? nextErrors.email ?? null);
      return;
    }
    setErrors({});
    try {
      await resetPassword.mutateAsync(parsed.data);
      setStep('done');
    } catch (error) {
      setFormError(errorMessage(error, 'Could not reset the password. Please try again.'));
    }
  };

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
        <FormError message={formError} />
        {notice && (
          <p role="status" className="rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm font-medium text-emerald-800">
            {notice}
          </p>
        )}

        {step === 'email' && (
          <form noValidate onSubmit={requestCode} className="space-y-4" data-testid="forgot-email-form">
            <Input
              id="forgot-email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
              required
            />
            <Button type="submit" size="lg" fullWidth loading={sendCode.isPending} loadingText="Sending code..." data-testid="forgot-submit">
              Send code
            </Button>
          </form>
        )}

        {step === 'code' && (
          <form noValidate onSubmit={submitCode} className="space-y-4" data-testid="forgot-code-form">
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
              value={otp}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
              error={errors.otp}
              required
            />
            <Button type="submit" size="lg" fullWidth loading={verifyCode.isPending} loadingText="Verifying..." data-testid="verify-otp-submit">
              Verify code
            </Button>
            <div className="flex items-center justify-between text-sm">
              <button
                type="button"
                className="font-medium text-plum-700 hover:underline"
                onClick={() => {
                  setStep('email');
                  setOtp('');
                  setErrors({});
                  setFormError(null);
                }}
              >
                Change email
              </button>
              <button
                type="button"
                className="font-medium text-plum-700 hover:underline disabled:opacity-50"
                disabled={sendCode.isPending}
                onClick={() => void requestCode()}
                data-testid="resend-otp"
              >
                Resend code
              </button>
            </div>
          </form>
        )}

        {step === 'password' && (
          <form noValidate onSubmit={submitPassword} className="space-y-4" data-testid="reset-password-form">
            <PasswordInput
              id="reset-password"
              label="New password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.newPassword}
              required
            />
            <PasswordInput
              id="reset-password-confirm"
              label="Confirm new password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              error={errors.confirm}
              required
            />
            <Button type="submit" size="lg" fullWidth loading={resetPassword.isPending} loadingText="Saving..." data-testid="reset-password-submit">
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
