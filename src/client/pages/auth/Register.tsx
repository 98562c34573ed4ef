import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { SHOP_TYPES, registerMerchantInput, registerUserInput } from '../../../shared/schemas/auth';
import { whatsappRegistrationInput } from '../../../shared/schemas/authExtras';
import type { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { OtpCodeInput } from '../../features/auth/OtpCodeInput';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../state/toast';
import { AuthShell, FormError } from '../../features/auth/AuthShell';
import { fieldErrorsOf, type FieldErrors } from '../../features/auth/formErrors';
import { INDIAN_STATES } from '../../features/auth/indianStates';
import { PasswordInput } from '../../features/auth/PasswordInput';
import { useAuthSuccess, withRedirect } from '../../features/auth/useAuthSuccess';
import { cn } from '../../lib/cn';
import { errorField, errorMessage, useTRPC } from '../../trpc';

type Tab = 'customer' | 'business';
type WhatsAppRegistration = z.output<typeof whatsappRegistrationInput>;
type ShopType = (typeof SHOP_TYPES)[number];

const SHOP_TYPE_LABELS: Record<ShopType, string> = {
  salon: 'Salon',
  spa: 'Spa',
  beautyParlour: 'Beauty Parlour',
  tattoo: 'Tattoo Studio',
  wellness: 'Wellness Centre',
};

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

type CustomerField = 'firstName' | 'lastName' | 'email' | 'phone' | 'password';
type CodeChannel = 'email' | 'whatsapp';

/**
 * Customer registration in two steps: the form, then the 6-digit code sent to the e-mail address
 * (or by WhatsApp to the mobile number). The account is created, with that address verified, only
 * when the code is entered.
 */
function CustomerForm() {
  const trpc = useTRPC();
  const onSuccess = useAuthSuccess();
  const sendEmail = useMutation(trpc.users.sendOTPToEmailDuringRegistration.mutationOptions());
  const sendWhatsApp = useMutation(trpc.users.sendOTPonWhatsappForRegister.mutationOptions());
  const verifyEmail = useMutation(trpc.users.verifyOTPForEmailRegistration.mutationOptions());
  const verifyPhone = useMutation(trpc.users.verifyOTPForMobileRegistration.mutationOptions());
  const [values, setValues] = useState<Record<CustomerField, string>>({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
  });
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [errors, setErrors] = useState<FieldErrors<CustomerField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string; message: string } | null>(null);
  const [otp, setOtp] = useState('');
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = window.setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [countdown]);

  const bind = (field: CustomerField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const sendCode = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setFormError(null);
    const parsed = (channel === 'whatsapp' ? whatsappRegistrationInput : registerUserInput).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf<CustomerField>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = channel === 'whatsapp' ? await sendWhatsApp.mutateAsync(parsed.data as WhatsAppRegistration) : await sendEmail.mutateAsync(parsed.data);
      setSent({ to: channel === 'whatsapp' ? (parsed.data.phone ?? values.phone) : parsed.data.email, message: answer.message });
      setCountdown(answer.resendAfterSeconds);
    } catch (error) {
      const message = errorMessage(error, 'Registration failed');
      const field = errorField(error) as CustomerField | undefined;
      if (field && field in values) setErrors({ [field]: message });
      else setFormError(message);
      setSent(null);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!/^\d{6}$/.test(otp.trim()) || !sent) return setFormError('Enter the 6-digit code.');
    try {
      const answer =
        channel === 'whatsapp'
          ? await verifyPhone.mutateAsync({ phone: sent.to, otp: otp.trim() })
          : await verifyEmail.mutateAsync({ email: sent.to, otp: otp.trim() });
      toast.success(`Welcome to GlowBook, ${answer.user.firstName}!`);
      onSuccess({ token: answer.token, user: answer.user, userType: answer.role });
    } catch (error) {
      setFormError(errorMessage(error, 'Registration failed'));
    }
  };

  if (sent) {
    return (
      <form noValidate onSubmit={verify} className="space-y-4" data-testid="register-otp-form" role="tabpanel" id="register-type-panel-customer" aria-labelledby="register-type-tab-customer">
        <FormError message={formError} />
        <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="register-otp-sent">
          {sent.message}
        </p>
        <OtpCodeInput id="register-otp" label={channel === 'whatsapp' ? 'Code from WhatsApp' : 'Code from your e-mail'} value={otp} onChange={setOtp} />
        <Button type="submit" size="lg" fullWidth loading={verifyEmail.isPending || verifyPhone.isPending} loadingText="Creating account..." data-testid="register-verify">
          Verify and create account
        </Button>
        <div className="flex items-center justify-between text-sm">
          <button
            type="button"
            className="font-medium text-plum-700 hover:underline"
            data-testid="register-back"
            onClick={() => {
              setSent(null);
              setOtp('');
              setFormError(null);
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
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id="register-first-name" label="First name" autoComplete="given-name" required {...bind('firstName')} />
        <Input id="register-last-name" label="Last name" autoComplete="family-name" required {...bind('lastName')} />
      </div>
      <Input
        id="register-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        {...bind('email')}
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
        {...bind('phone')}
      />
      <PasswordInput
        id="register-password"
        label="Password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
        {...bind('password')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-700">Verify with a 6-digit code sent by</legend>
        <div className="flex flex-wrap gap-4 text-sm text-ink-700">
          {(['email', 'whatsapp'] as const).map((c) => (
            <label key={c} className="inline-flex items-center gap-2">
              <input type="radio" name="register-channel" value={c} checked={channel === c} onChange={() => setChannel(c)} className="accent-plum-600" data-testid={`register-channel-${c}`} />
              {c === 'email' ? 'E-mail' : 'WhatsApp'}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="lg" fullWidth loading={sendEmail.isPending || sendWhatsApp.isPending} loadingText="Sending code..." data-testid="register-submit">
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

type BusinessField = 'shop_Name' | 'shop_Owner' | 'email' | 'phone' | 'password' | 'City' | 'State' | 'Shop_Address';
type BusinessErrorKey = BusinessField | 'shop_type';

function BusinessForm() {
  const trpc = useTRPC();
  const onSuccess = useAuthSuccess();
  const register = useMutation(trpc.merchants.registerMerchants.mutationOptions());
  const [values, setValues] = useState<Record<BusinessField, string>>({
    shop_Name: '',
    shop_Owner: '',
    email: '',
    phone: '',
    password: '',
    City: '',
    State: '',
    Shop_Address: '',
  });
  const [shopTypes, setShopTypes] = useState<ShopType[]>([]);
  const [errors, setErrors] = useState<FieldErrors<BusinessErrorKey>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const bind = (field: BusinessField) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const toggleType = (type: ShopType) =>
    setShopTypes((list) => (list.includes(type) ? list.filter((t) => t !== type) : [...list, type]));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = registerMerchantInput.safeParse({ ...values, shop_type: shopTypes });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<BusinessErrorKey>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const answer = await register.mutateAsync(parsed.data);
      toast.success('Your business is registered. Welcome to GlowBook!');
      onSuccess({ token: answer.token, user: answer.user, userType: answer.role });
    } catch (error) {
      setFormError(errorMessage(error, 'Registration failed'));
    }
  };

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
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id="business-shop-name" label="Shop name" autoComplete="organization" required {...bind('shop_Name')} />
        <Input id="business-owner" label="Owner name" autoComplete="name" required {...bind('shop_Owner')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id="business-email"
          label="Business email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...bind('email')}
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
          {...bind('phone')}
        />
      </div>
      <PasswordInput
        id="business-password"
        label="Password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
        {...bind('password')}
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
            const checked = shopTypes.includes(type);
            const id = `business-shop-type-${type}`;
            return (
              <div key={type}>
                <input id={id} type="checkbox" className="peer sr-only" checked={checked} onChange={() => toggleType(type)} />
                <label
                  htmlFor={id}
                  className={cn(
                    'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors select-none',
                    'peer-focus-visible:ring-3 peer-focus-visible:ring-plum-200',
                    checked
                      ? 'border-plum-600 bg-plum-700 text-white'
                      : 'border-blush-300 bg-white text-ink-700 hover:border-plum-300',
                  )}
                >
                  {checked && (
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5">
                      <path fill="currentColor" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
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
            {errors.shop_type}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id="business-city" label="City" autoComplete="address-level2" required {...bind('City')} />
        <Select
          id="business-state"
          label="State"
          placeholder="Select state"
          options={INDIAN_STATES.map((s) => ({ value: s, label: s }))}
          required
          {...bind('State')}
        />
      </div>
      <Textarea
        id="business-address"
        label="Shop address"
        rows={3}
        autoComplete="street-address"
        placeholder="Shop number, street, area, landmark"
        required
        {...bind('Shop_Address')}
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
