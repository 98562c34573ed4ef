import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { SHOP_TYPE_LABELS, SHOP_TYPES } from '../../../shared/constants';
import { registerMerchantInput } from '../../../shared/schemas/auth';
import { otpCodeForm, registrationForm } from '../../../shared/schemas/authExtras';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { Textarea } from '../../components/ui/Textarea';
import { AuthShell } from '../../features/auth/AuthShell';
import { INDIAN_STATES } from '../../features/auth/indianStates';
import { OtpCodeInput } from '../../features/auth/OtpCodeInput';
import { PasswordInput } from '../../features/auth/PasswordInput';
import { useAuthSuccess, withRedirect } from '../../features/auth/useAuthSuccess';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

type Tab = 'customer' | 'business';
const PASSWORD_HINT = 'At least 8 characters with a letter and a digit.';
const PHONE_HINT = '10-digit mobile number starting with 6-9.';

export interface RegisterProps {
  initialTab?: Tab;
}

export default function Register({ initialTab }: RegisterProps) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [tab, setTab] = useState<Tab>(
    initialTab ?? (params.get('tab') === 'business' || params.get('as') === 'merchant' ? 'business' : 'customer'),
  );
  const isBusiness = tab === 'business';

  return (
    <AuthShell
      pageTitle={isBusiness ? 'Register your business' : 'Create account'}
      title={isBusiness ? 'List your business' : 'Create your account'}
      subtitle={
        isBusiness
          ? 'Bring your salon, spa or parlour online and start taking bookings today.'
          : 'Book appointments at the best salons and spas near you.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link
            href={withRedirect(isBusiness ? '/login?as=merchant' : '/login', search)}
            className="font-semibold text-plum-700 hover:underline"
            data-testid="login-link"
          >
            Sign in
          </Link>
        </>
      }
    >
      <Tabs
        idPrefix="register-type"
        label="Account type"
        value={tab}
        onChange={setTab}
        items={[
          { id: 'customer', label: 'Customer' },
          { id: 'business', label: 'Business' },
        ]}
        className="mb-6"
      />
      {isBusiness ? <BusinessForm /> : <CustomerForm />}
    </AuthShell>
  );
}

/**
 * Customer registration in two steps: the form, then the 6-digit code sent to the e-mail address
 * (or by WhatsApp to the mobile number). The account is created, with that address verified, only
 * when the code is entered.
 */
function CustomerForm() {
  const onSuccess = useAuthSuccess();
  const sendEmail = trpc.users.sendOTPToEmailDuringRegistration.useMutation();
  const sendWhatsApp = trpc.users.sendOTPonWhatsappForRegister.useMutation();
  const verifyEmail = trpc.users.verifyOTPForEmailRegistration.useMutation({
    meta: { successToast: (answer: { user: { firstName: string } }) => `Welcome to GlowBook, ${answer.user.firstName}!` },
  });
  const verifyPhone = trpc.users.verifyOTPForMobileRegistration.useMutation({
    meta: { successToast: (answer: { user: { firstName: string } }) => `Welcome to GlowBook, ${answer.user.firstName}!` },
  });
  const form = useZodForm(registrationForm, {
    defaultValues: { channel: 'email', firstName: '', lastName: '', email: '', phone: '', password: '' },
  });
  const codeForm = useZodForm(otpCodeForm, { defaultValues: { otp: '' } });
  const { errors } = form.formState;
  const channel = form.watch('channel');
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = window.setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [countdown]);

  const sendCode = form.handleSubmit(async ({ channel: by, ...input }) => {
    try {
      const answer =
        by === 'whatsapp' ? await sendWhatsApp.mutateAsync({ ...input, phone: input.phone ?? '' }) : await sendEmail.mutateAsync(input);
      setSent({ to: by === 'whatsapp' ? (input.phone ?? '') : input.email, message: answer.message });
      setCountdown(answer.resendAfterSeconds);
    } catch (error) {
      setSent(null);
      serverErrorsTo(form, 'Registration failed')(error);
    }
  });

  const verify = codeForm.handleSubmit(async ({ otp }) => {
    if (!sent) return;
    try {
      const answer =
        channel === 'whatsapp'
          ? await verifyPhone.mutateAsync({ phone: sent.to, otp })
          : await verifyEmail.mutateAsync({ email: sent.to, otp });
      onSuccess({ token: answer.token, user: answer.user, userType: answer.role });
    } catch (error) {
      serverErrorsTo(codeForm, 'Registration failed')(error);
    }
  });

  if (sent) {
    return (
      <form
        noValidate
        onSubmit={verify}
        className="space-y-4"
        data-testid="register-otp-form"
        role="tabpanel"
        id="register-type-panel-customer"
        aria-labelledby="register-type-tab-customer"
      >
        <FormError message={codeForm.formState.errors.root?.server?.message} />
        <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="register-otp-sent">
          {sent.message}
        </p>
        <OtpCodeInput
          id="register-otp"
          label={channel === 'whatsapp' ? 'Code from WhatsApp' : 'Code from your e-mail'}
          control={codeForm.control}
          name="otp"
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={verifyEmail.isPending || verifyPhone.isPending}
          loadingText="Creating account..."
          data-testid="register-verify"
        >
          Verify and create account
        </Button>
        <div className="flex items-center justify-between text-sm">
          <button
            type="button"
            className="font-medium text-plum-700 hover:underline"
            data-testid="register-back"
            onClick={() => {
              setSent(null);
              codeForm.reset();
            }}
          >
            Change details
          </button>
          <button
            type="button"
            className="font-medium text-plum-700 hover:underline disabled:text-ink-400 disabled:no-underline"
            disabled={countdown > 0 || sendEmail.isPending || sendWhatsApp.isPending}
            onClick={() => void sendCode()}
            data-testid="register-resend"
          >
            {countdown > 0 ? `Resend in ${countdown}s` : 'Resend code'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={sendCode}
      className="space-y-4"
      data-testid="register-form"
      role="tabpanel"
      id="register-type-panel-customer"
      aria-labelledby="register-type-tab-customer"
    >
      <FormError message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="register-first-name"
          label="First name"
          autoComplete="given-name"
          required
          {...form.register('firstName')}
          error={errors.firstName?.message}
        />
        <Input
          id="register-last-name"
          label="Last name"
          autoComplete="family-name"
          required
          {...form.register('lastName')}
          error={errors.lastName?.message}
        />
      </div>
      <Input
        id="register-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        {...form.register('email')}
        error={errors.email?.message}
      />
      <Input
        id="register-phone"
        label={channel === 'whatsapp' ? 'Mobile number (WhatsApp)' : 'Mobile number (optional)'}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        placeholder="98XXXXXXXX"
        hint={PHONE_HINT}
        required={channel === 'whatsapp'}
        {...form.register('phone')}
        error={errors.phone?.message}
      />
      <PasswordInput
        id="register-password"
        label="Password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
        {...form.register('password')}
        error={errors.password?.message}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-700">Verify with a 6-digit code sent by</legend>
        <div className="flex flex-wrap gap-4 text-sm text-ink-700">
          {(['email', 'whatsapp'] as const).map((c) => (
            <label key={c} className="inline-flex items-center gap-2">
              <input
                type="radio"
                value={c}
                {...form.register('channel')}
                className="accent-plum-600"
                data-testid={`register-channel-${c}`}
              />
              {c === 'email' ? 'E-mail' : 'WhatsApp'}
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={sendEmail.isPending || sendWhatsApp.isPending}
        loadingText="Sending code..."
        data-testid="register-submit"
      >
        Create account
      </Button>
      <p className="text-center text-xs text-ink-500">
        By continuing you agree to our{' '}
        <Link href="/terms-and-conditions" className="underline hover:text-plum-700">
          Terms
        </Link>{' '}
        and{' '}
        <Link href="/privacy-policy" className="underline hover:text-plum-700">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}

function BusinessForm() {
  const onSuccess = useAuthSuccess();
  const form = useZodForm(registerMerchantInput, {
    defaultValues: {
      shop_Name: '',
      shop_Owner: '',
      email: '',
      phone: '',
      password: '',
      shop_type: [],
      City: '',
      State: '',
      Shop_Address: '',
    },
  });
  const { errors } = form.formState;
  const shopTypes = form.watch('shop_type');
  const register = trpc.merchants.registerMerchants.useMutation({
    meta: { successToast: 'Your business is registered. Welcome to GlowBook!' },
    onSuccess: (answer) => onSuccess({ token: answer.token, user: answer.user, userType: answer.role }),
    onError: serverErrorsTo(form, 'Registration failed'),
  });
  const onSubmit = form.handleSubmit((input) => register.mutate(input));

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="register-business-form"
      role="tabpanel"
      id="register-type-panel-business"
      aria-labelledby="register-type-tab-business"
    >
      <FormError message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="business-shop-name"
          label="Shop name"
          autoComplete="organization"
          required
          {...form.register('shop_Name')}
          error={errors.shop_Name?.message}
        />
        <Input
          id="business-owner"
          label="Owner name"
          autoComplete="name"
          required
          {...form.register('shop_Owner')}
          error={errors.shop_Owner?.message}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="business-email"
          label="Business email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.register('email')}
          error={errors.email?.message}
        />
        <Input
          id="business-phone"
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder="98XXXXXXXX"
          required
          {...form.register('phone')}
          error={errors.phone?.message}
        />
      </div>
      <PasswordInput
        id="business-password"
        label="Password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
        {...form.register('password')}
        error={errors.password?.message}
      />
      <fieldset aria-describedby={errors.shop_type ? 'business-shop-type-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-ink-700">
          Shop type
          <span aria-hidden="true" className="ml-0.5 text-rose-600">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-2" data-testid="business-shop-types">
          {SHOP_TYPES.map((type) => {
            const checked = (shopTypes as string[]).includes(type);
            const id = `business-shop-type-${type}`;
            return (
              <div key={type}>
                <input id={id} type="checkbox" className="peer sr-only" value={type} {...form.register('shop_type')} />
                <label
                  htmlFor={id}
                  className={cn(
                    'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors select-none',
                    'peer-focus-visible:ring-3 peer-focus-visible:ring-plum-200',
                    checked ? 'border-plum-600 bg-plum-700 text-white' : 'border-blush-300 bg-white text-ink-700 hover:border-plum-300',
                  )}
                >
                  {checked && (
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5">
                      <path
                        fill="currentColor"
                        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
                      />
                    </svg>
                  )}
                  {SHOP_TYPE_LABELS[type]}
                </label>
              </div>
            );
          })}
        </div>
        {errors.shop_type && (
          <p id="business-shop-type-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
            {errors.shop_type.message}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="business-city"
          label="City"
          autoComplete="address-level2"
          required
          {...form.register('City')}
          error={errors.City?.message}
        />
        <Select
          id="business-state"
          label="State"
          placeholder="Select state"
          options={INDIAN_STATES.map((s) => ({ value: s, label: s }))}
          required
          {...form.register('State')}
          error={errors.State?.message}
        />
      </div>
      <Textarea
        id="business-address"
        label="Shop address"
        rows={3}
        autoComplete="street-address"
        placeholder="Shop number, street, area, landmark"
        required
        {...form.register('Shop_Address')}
        error={errors.Shop_Address?.message}
      />
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={register.isPending}
        loadingText="Registering..."
        data-testid="register-business-submit"
      >
        Register business
      </Button>
    </form>
  );
}
