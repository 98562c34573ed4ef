import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC } from '../../trpc';
import { FormError } from './AuthShell';
import { OtpCodeInput } from './OtpCodeInput';

/**
 * Whether the account's saved mobile number is verified, and the "Verify" flow: a code goes to the
 * number by WhatsApp and is entered here. Until then the number is contact only: it cannot sign in
 * with a WhatsApp code (the server enforces it).
 */
export function PhoneVerification({ phone, verified, onVerified }: { phone: string | null; verified: boolean; onVerified: () => Promise<void> | void }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.users.sendPhoneVerificationCode.mutationOptions());
  const verify = useMutation(trpc.users.verifyPhone.mutationOptions());
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const t = window.setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [countdown]);

  // A changed number starts over.
  useEffect(() => {
    setOpen(false);
    setOtp('');
    setError(null);
  }, [phone]);

  if (!phone) return null;

  const requestCode = async () => {
    setError(null);
    try {
      const r = await send.mutateAsync();
      setInfo(r.message);
      setCountdown(r.resendAfterSeconds);
      setOpen(true);
    } catch (err) {
      setError(errorMessage(err, 'Could not send a code. Please try again.'));
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(otp)) return setError('Enter the 6-digit code.');
    try {
      const r = await verify.mutateAsync({ otp });
      toast.success(r.message);
      setOpen(false);
      setOtp('');
      await onVerified();
    } catch (err) {
      setError(errorMessage(err, 'Could not verify the number.'));
    }
  };

  return (
    <div className="rounded-xl border border-blush-200 bg-blush-50/60 p-3 text-sm" data-testid="phone-verification">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink-800">+91 {phone}</span>
        {verified ? (
          <Badge tone="success" data-testid="phone-verified">
            Verified
          </Badge>
        ) : (
          <Badge tone="warning" data-testid="phone-unverified">
            Not verified
          </Badge>
        )}
        {!verified && !open && (
          <Button type="button" variant="outline" size="sm" className="ml-auto" loading={send.isPending} loadingText="Sending…" onClick={() => void requestCode()} data-testid="phone-verify">
            Verify
          </Button>
        )}
      </div>
      <p className="mt-1 text-ink-600">
        {verified
          ? 'You can sign in with a code sent to this number on WhatsApp.'
          : 'Verify it to sign in with a WhatsApp code. Until then it is only how salons reach you.'}
      </p>
      {!open && <FormError message={error} />}
      {open && (
        <form noValidate onSubmit={confirm} className="mt-3 grid gap-3" data-testid="phone-verify-form">
          {info && <p className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800">{info}</p>}
          <FormError message={error} />
          <OtpCodeInput id="phone-code" label="Code from WhatsApp" value={otp} onChange={setOtp} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" loading={verify.isPending} loadingText="Checking…" data-testid="phone-verify-confirm">
              Confirm number
            </Button>
            <button
              type="button"
              className="text-sm font-medium text-plum-700 hover:underline disabled:text-ink-400 disabled:no-underline"
              disabled={countdown > 0 || send.isPending}
              onClick={() => void requestCode()}
            >
              {countdown > 0 ? `Resend in ${countdown}s` : 'Resend code'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
