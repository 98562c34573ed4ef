import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailOtpRequestInput, phoneOtpRequestInput } from '../../../shared/schemas/authExtras';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { OtpCodeInput } from './OtpCodeInput';
import { Tabs } from '../../components/ui/Tabs';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { FormError } from './AuthShell';

type Channel = 'email' | 'whatsapp';
type Answer = { token: string; user: unknown; userType: string };

/**
 * Sign-in with a 6-digit code sent by e-mail or WhatsApp (salon owners: WhatsApp). Step one asks
 * for the address, step two for the code, with a 30-second resend countdown.
 */
export function OtpSignIn({ merchant, onSuccess }: { merchant: boolean; onSuccess: (answer: Answer) => void }) {
  const trpc = useTRPC();
  const [channel, setChannel] = useState<Channel>(merchant ? 'whatsapp' : 'email');
  const [destination, setDestination] = useState('');
  const [otp, setOtp] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const sendEmail = useMutation(trpc.users.sendOTPonEmailForLogin.mutationOptions());
  const sendWhatsApp = useMutation(trpc.users.sendOTPonWhatsappForLogin.mutationOptions());
  const sendMerchant = useMutation(trpc.merchants.sendOTP.mutationOptions());
  const verifyEmail = useMutation(trpc.users.verifyOTPForEmailLogin.mutationOptions());
  const verifyPhone = useMutation(trpc.users.verifyOTPForMobileLogin.mutationOptions());
  const verifyMerchant = useMutation(trpc.merchants.verifyOTP.mutationOptions());
  const sending = sendEmail.isPending || sendWhatsApp.isPending || sendMerchant.isPending;
  const verifying = verifyEmail.isPending || verifyPhone.isPending || verifyMerchant.isPending;

  useEffect(() => {
    if (countdown <= 0) return;
    const t = window.setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [countdown]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    const parsed = channel === 'email' ? emailOtpRequestInput.safeParse({ email: destination }) : phoneOtpRequestInput.safeParse({ phone: destination });
    if (!parsed.success) return setFieldError(readableMessage(parsed.error.issues[0].message));
    setFieldError(undefined);
    try {
      const r =
        channel === 'email'
          ? await sendEmail.mutateAsync(parsed.data as { email: string })
          : merchant
            ? await sendMerchant.mutateAsync(parsed.data as { phone: string })
            : await sendWhatsApp.mutateAsync(parsed.data as { phone: string });
      setSentTo(destination.trim());
      setCountdown(r.resendAfterSeconds);
      setInfo(r.message);
    } catch (err) {
      setFormError(errorMessage(err, 'Could not send a code. Please try again.'));
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!/^\d{6}$/.test(otp.trim())) return setFormError('Enter the 6-digit code.');
    try {
      const answer =
        channel === 'email'
          ? await verifyEmail.mutateAsync({ email: sentTo!, otp: otp.trim() })
          : merchant
            ? await verifyMerchant.mutateAsync({ phone: sentTo!, otp: otp.trim() })
            : await verifyPhone.mutateAsync({ phone: sentTo!, otp: otp.trim() });
      onSuccess(answer);
    } catch (err) {
      setFormError(errorMessage(err, 'Login failed'));
    }
  };

  if (sentTo) {
    return (
      <form noValidate onSubmit={verify} className="space-y-4" data-testid="otp-verify-form">
        <FormError message={formError} />
        {info && <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800">{info}</p>}
        <OtpCodeInput id="otp-code" label={`Code sent to ${sentTo}`} value={otp} onChange={setOtp} />
        <Button type="submit" size="lg" fullWidth loading={verifying} loadingText="Checking..." data-testid="otp-verify">
          Sign in
        </Button>
        <div className="flex items-center justify-between text-sm">
          <button type="button" className="font-medium text-plum-700 hover:underline" onClick={() => { setSentTo(null); setOtp(''); setInfo(null); }}>
            Use a different {channel === 'email' ? 'e-mail' : 'number'}
          </button>
          <button type="button" className="font-medium text-plum-700 hover:underline disabled:text-ink-400 disabled:no-underline" disabled={countdown > 0 || sending} onClick={() => void send()} data-testid="otp-resend">
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
          onChange={(c: Channel) => { setChannel(c); setDestination(''); setFieldError(undefined); }}
          items={[
            { id: 'email', label: 'E-mail' },
            { id: 'whatsapp', label: 'WhatsApp' },
          ]}
        />
      )}
      <FormError message={formError} />
      {channel === 'email' ? (
        <Input id="otp-email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" value={destination} error={fieldError} onChange={(e) => setDestination(e.target.value)} required />
      ) : (
        <Input id="otp-phone" label="WhatsApp number" inputMode="tel" autoComplete="tel" placeholder="98765 43210" value={destination} error={fieldError} hint="The 10-digit mobile number on your account." onChange={(e) => setDestination(e.target.value)} required />
      )}
      <Button type="submit" size="lg" fullWidth loading={sending} loadingText="Sending..." data-testid="otp-send">
        Send code
      </Button>
    </form>
  );
}

/** "Continue with Google": explains when the server has no Google client configured. */
export function GoogleButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const onClick = async () => {
    try {
      const p = await queryClient.fetchQuery(trpc.users.authProviders.queryOptions({}));
      setNote(p.google.enabled ? 'Google sign-in opens in a Google window once this site is allowed to load Google’s sign-in script.' : p.google.message);
    } catch (err) {
      setNote(errorMessage(err, 'Google sign-in is not available right now.'));
    }
  };
  return (
    <div>
      <Button type="button" variant="outline" size="lg" fullWidth onClick={() => void onClick()} data-testid="google-signin">
        <span aria-hidden className="mr-1 font-bold text-[#4285F4]">G</span> Continue with Google
      </Button>
      {note && (
        <p role="status" className="mt-2 text-center text-xs text-ink-500" data-testid="google-note">
          {note}
        </p>
      )}
    </div>
  );
}
