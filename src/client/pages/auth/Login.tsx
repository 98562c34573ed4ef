import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { loginInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Tabs } from '../../components/ui/Tabs';
import { AuthShell } from '../../features/auth/AuthShell';
import { GoogleButton, OtpSignIn } from '../../features/auth/OtpSignIn';
import { PasswordInput } from '../../features/auth/PasswordInput';
import { useAuthSuccess, withRedirect } from '../../features/auth/useAuthSuccess';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';

type Mode = 'customer' | 'merchant';

export interface LoginProps {
  initialMode?: Mode;
}

export default function Login({ initialMode }: LoginProps) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [mode, setMode] = useState<Mode>(
    initialMode ?? (params.get('as') === 'merchant' || params.get('type') === 'merchant' ? 'merchant' : 'customer'),
  );
  const form = useZodForm(loginInput, { defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  const [withCode, setWithCode] = useState(false);
  const onSuccess = useAuthSuccess();
  const customerLogin = trpc.users.loginEmail.useMutation();
  const merchantLogin = trpc.merchants.loginMerchant.useMutation();
  const pending = customerLogin.isPending || merchantLogin.isPending;
  const isMerchant = mode === 'merchant';

  const switchMode = (next: Mode) => {
    setMode(next);
    form.clearErrors();
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      onSuccess(isMerchant ? await merchantLogin.mutateAsync(input) : await customerLogin.mutateAsync(input));
    } catch (error) {
      serverErrorsTo(form, 'Login failed')(error);
    }
  });

  return (
    <AuthShell
      pageTitle={isMerchant ? 'Salon owner sign in' : 'Sign in'}
      audience={isMerchant ? 'business' : 'customer'}
      title={isMerchant ? 'Sign in to your salon' : 'Welcome back'}
      subtitle={
        isMerchant
          ? 'For salon, spa and parlour owners: your calendar, bookings, team and billing.'
          : 'Sign in to book and manage your appointments.'
      }
      footer={
        isMerchant ? (
          <>
            New to GlowBook for business?{' '}
            <Link href={withRedirect('/register?tab=business', search)} className="font-semibold text-plum-700 hover:underline">
              List your business
            </Link>
          </>
        ) : (
          <>
            New to GlowBook?{' '}
            <Link
              href={withRedirect('/register', search)}
              className="font-semibold text-plum-700 hover:underline"
              data-testid="register-link"
            >
              Create an account
            </Link>
          </>
        )
      }
    >
      <Tabs
        idPrefix="login-mode"
        label="Sign in as"
        value={mode}
        onChange={switchMode}
        items={[
          { id: 'customer', label: 'Customer' },
          { id: 'merchant', label: 'Salon owner' },
        ]}
        className="mb-6"
      />
      {withCode ? (
        <OtpSignIn key={mode} merchant={isMerchant} onSuccess={onSuccess} />
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="space-y-4"
          data-testid={isMerchant ? 'merchant-login-form' : 'login-form'}
          aria-labelledby={`login-mode-tab-${mode}`}
          id={`login-mode-panel-${mode}`}
          role="tabpanel"
        >
          <FormError message={errors.root?.server?.message} />
          <Input
            id="login-email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.register('email')}
            error={errors.email?.message}
            required
          />
          <PasswordInput
            id="login-password"
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            {...form.register('password')}
            error={errors.password?.message}
            required
          />
          <div className="flex justify-end">
            <Link
              href={withRedirect(isMerchant ? '/forgot-password?as=merchant' : '/forgot-password', search)}
              className="text-sm font-medium text-plum-700 hover:underline"
              data-testid="forgot-password-link"
            >
              Forgot password?
            </Link>
          </div>
          <Button type="submit" size="lg" fullWidth loading={pending} loadingText="Signing in..." data-testid="login-submit">
            {isMerchant ? 'Sign in to my salon' : 'Sign in'}
          </Button>
        </form>
      )}
      <div className="my-5 flex items-center gap-3 text-xs text-ink-400" aria-hidden>
        <span className="h-px flex-1 bg-blush-200" /> or <span className="h-px flex-1 bg-blush-200" />
      </div>
      <div className="space-y-3">
        <Button type="button" variant="outline" size="lg" fullWidth onClick={() => setWithCode((v) => !v)} data-testid="toggle-otp">
          {withCode ? 'Sign in with a password' : isMerchant ? 'Sign in with a WhatsApp code' : 'Sign in with a one-time code'}
        </Button>
        {!isMerchant && <GoogleButton />}
      </div>
      <div className="mt-6 rounded-2xl bg-blush-50 px-4 py-3 text-center text-sm text-ink-700">
        {isMerchant ? (
          <button
            type="button"
            onClick={() => switchMode('customer')}
            className="font-medium text-plum-700 hover:underline"
            data-testid="switch-to-customer"
          >
            Booking an appointment? Sign in as a customer
          </button>
        ) : (
          <button
            type="button"
            onClick={() => switchMode('merchant')}
            className="font-medium text-plum-700 hover:underline"
            data-testid="switch-to-merchant"
          >
            Own a salon? Sign in as a salon owner
          </button>
        )}
      </div>
    </AuthShell>
  );
}
