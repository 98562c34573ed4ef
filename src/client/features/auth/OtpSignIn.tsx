import { useEffect, useState } from 'react';
import { emailOtpRequestInput, otpCodeForm, phoneOtpRequestInput } from '../../../shared/schemas/authExtras';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Tabs } from '../../components/ui/Tabs';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { errorMessage, trpc } from '../../trpc';
import { OtpCodeInput } from './OtpCodeInput';

type Channel = 'email' | 'whatsapp';
type Answer = { token: string; user: unknown; userType: string };
type Destination = { email: string } | { phone: string };
const SEND_FAILED = 'Could not send a code. Please try again.';

/**
 * Sign-in with a 6-digit code sent by e-mail or WhatsApp (salon owners: WhatsApp). Step one asks
 * for the address, step two for the code, with a 30-second resend countdown.
 */
export function OtpSignIn({ merchant, onSuccess }: { merchant: boolean; onSuccess: (answer: Answer) => void }) {
  const [channel, setChannel] = useState<Channel>(merchant ? 'whatsapp' : 'email');
  const [sentTo, setSentTo] = useState<Destination | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [info, setInfo] = useState<string | null>(null);
  const emailForm = useZodForm(emailOtpRequestInput, { defaultValues: { email: '' } });
  const phoneForm = useZodForm(phoneOtpRequestInput, { defaultValues: { phone: '' } });
  const codeForm = useZodForm(otpCodeForm, { defaultValues: { otp: '' } });

  const sendEmail = trpc.users.sendOTPonEmailForLogin.useMutation();
  const sendWhatsApp = trpc.users.sendOTPonWhatsappForLogin.useMutation();
  const sendMerchant = trpc.merchants.sendOTP.useMutation();
  const verifyEmail = trpc.users.verifyOTPForEmailLogin.useMutation();
  const verifyPhone = trpc.users.verifyOTPForMobileLogin.useMutation();
  const verifyMerchant = trpc.merchants.verifyOTP.useMutation();
  const sending = sendEmail.isPending || sendWhatsApp.isPending || sendMerchant.isPending;
  const verifying = verifyEmail.isPending || verifyPhone.isPending || verifyMerchant.isPending;

  useEffect(() => {
    if (countdown <= 0) return;
    const t = window.setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [countdown]);

  const sendTo = async (to: Destination, onError: (error: unknown) => void) => {
    try {
      const r =
        'email' in to
          ? await sendEmail.mutateAsync(to)
          : merchant
            ? await sendMerchant.mutateAsync(to)
            : await sendWhatsApp.mutateAsync(to);
      setSentTo(to);
      setCountdown(r.resendAfterSeconds);
      setInfo(r.message);
    } catch (err) {
      onError(err);
    }
  };
  const send =
    channel === 'email'
      ? emailForm.handleSubmit((input) => sendTo(input, serverErrorsTo(emailForm, SEND_FAILED)))
      : phoneForm.handleSubmit((input) => sendTo(input, serverErrorsTo(phoneForm, SEND_FAILED)));

  const verify = codeForm.handleSubmit(async ({ otp }) => {
    if (!sentTo) return;
    try {
      const answer =
        'email' in sentTo
          ? await verifyEmail.mutateAsync({ ...sentTo, otp })
          : merchant
            ? await verifyMerchant.mutateAsync({ ...sentTo, otp })
            : await verifyPhone.mutateAsync({ ...sentTo, otp });
      onSuccess(answer);
    } catch (err) {
      serverErrorsTo(codeForm, 'Login failed')(err);
    }
  });

  if (sentTo) {
    return (
      <form noValidate onSubmit={verify} className="space-y-4" data-testid="otp-verify-form">
        <FormError message={codeForm.formState.errors.root?.server?.message} />
        {info && <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{info}</p>}
        <OtpCodeInput
          id="otp-code"
          label={`Code sent to ${'email' in sentTo ? sentTo.email : sentTo.phone}`}
          control={codeForm.control}
          name="otp"
        />
        <Button type="submit" size="lg" fullWidth loading={verifying} loadingText="Checking..." data-testid="otp-verify">
          Sign in
        </Button>
        <div className="flex items-center justify-between text-sm">
          <button
            type="button"
            className="font-medium text-plum-700 hover:underline"
            onClick={() => {
              setSentTo(null);
              codeForm.reset();
              setInfo(null);
            }}
          >
            Use a different {channel === 'email' ? 'e-mail' : 'number'}
          </button>
          <button
            type="button"
            className="font-medium text-plum-700 hover:underline disabled:text-ink-400 disabled:no-underline"
            disabled={countdown > 0 || sending}
            onClick={() => void sendTo(sentTo, serverErrorsTo(codeForm, SEND_FAILED))}
            data-testid="otp-resend"
          >
            {countdown > 0 ? `Resend in ${countdown}s` : 'Resend code'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={send} className="space-y-4" data-testid="otp-request-form">
      {!merchant && (
        <Tabs
          idPrefix="otp-channel"
          label="Send the code by"
          value={channel}
          onChange={(c: Channel) => setChannel(c)}
          items={[
            { id: 'email', label: 'E-mail' },
            { id: 'whatsapp', label: 'WhatsApp' },
          ]}
        />
      )}
      {channel === 'email' ? (
        <>
          <FormError message={emailForm.formState.errors.root?.server?.message} />
          <Input
            id="otp-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...emailForm.register('email')}
            error={emailForm.formState.errors.email?.message}
            required
          />
        </>
      ) : (
        <>
          <FormError message={phoneForm.formState.errors.root?.server?.message} />
          <Input
            id="otp-phone"
            label="WhatsApp number"
            inputMode="tel"
            autoComplete="tel"
            placeholder="98765 43210"
            {...phoneForm.register('phone')}
            error={phoneForm.formState.errors.phone?.message}
            hint="The 10-digit mobile number on your account."
            required
          />
        </>
      )}
      <Button type="submit" size="lg" fullWidth loading={sending} loadingText="Sending..." data-testid="otp-send">
        Send code
      </Button>
    </form>
  );
}

/** "Continue with Google": explains when the server has no Google client configured. */
export function GoogleButton() {
  const utils = trpc.useUtils();
  const [note, setNote] = useState<string | null>(null);
  const onClick = async () => {
    try {
      const p = await utils.users.authProviders.fetch({});
      setNote(
        p.google.enabled
          ? 'Google sign-in opens in a Google window once this site is allowed to load Google’s sign-in script.'
          : p.google.message,
      );
    } catch (err) {
      setNote(errorMessage(err, 'Google sign-in is not available right now.'));
    }
  };
  return (
    <div>
      <Button type="button" variant="outline" size="lg" fullWidth onClick={() => void onClick()} data-testid="google-signin">
        <span aria-hidden className="mr-1 font-bold text-[#4285F4]">
          G
        </span>{' '}
        Continue with Google
      </Button>
      {note && (
        <p role="status" className="mt-2 text-center text-xs text-ink-500" data-testid="google-note">
          {note}
        </p>
      )}
    </div>
  );
}
