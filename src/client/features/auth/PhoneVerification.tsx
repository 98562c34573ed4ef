import { useEffect, useState } from 'react';
import { phoneVerificationInput } from '../../../shared/schemas/authExtras';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { OtpCodeInput } from './OtpCodeInput';

/**
 * Whether the account's saved mobile number is verified, and the "Verify" flow: a code goes to the
 * number by WhatsApp and is entered here. Until then the number is contact only: it cannot sign in
 * with a WhatsApp code (the server enforces it). The owner remounts it (a `key`) when the number
 * changes, so a changed number starts over.
 */
export function PhoneVerification({
  phone,
  verified,
  onVerified,
}: {
  phone: string | null;
  verified: boolean;
  onVerified: () => Promise<void> | void;
}) {
  const form = useZodForm(phoneVerificationInput, { defaultValues: { otp: '' } });
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const failed = serverErrorsTo(form, 'Could not send a code. Please try again.');
  const send = trpc.users.sendPhoneVerificationCode.useMutation({
    onSuccess: (r) => {
      setInfo(r.message);
      setCountdown(r.resendAfterSeconds);
      setOpen(true);
    },
    onError: failed,
  });
  const verify = trpc.users.verifyPhone.useMutation({
    meta: { successToast: (r: { message: string }) => r.message },
    onSuccess: async () => {
      setOpen(false);
      form.reset();
      await onVerified();
    },
    onError: serverErrorsTo(form, 'Could not verify the number.'),
  });

  useEffect(() => {
    if (countdown <= 0) return;
    const t = window.setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [countdown]);

  if (!phone) return null;

  const requestCode = () => {
    form.clearErrors();
    send.mutate();
  };
  const confirm = form.handleSubmit((input) => verify.mutate(input));
  const error = form.formState.errors.root?.server?.message;

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
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-auto"
            loading={send.isPending}
            loadingText="Sending…"
            onClick={requestCode}
            data-testid="phone-verify"
          >
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
          <OtpCodeInput id="phone-code" label="Code from WhatsApp" control={form.control} name="otp" />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" loading={verify.isPending} loadingText="Checking…" data-testid="phone-verify-confirm">
              Confirm number
            </Button>
            <button
              type="button"
              className="text-sm font-medium text-plum-700 hover:underline disabled:text-ink-400 disabled:no-underline"
              disabled={countdown > 0 || send.isPending}
              onClick={requestCode}
            >
              {countdown > 0 ? `Resend in ${countdown}s` : 'Resend code'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
