import { useEffect } from 'react';
import { z } from 'zod';
import { formatINR } from '../../../shared/money';
import {
  bookingPaymentTerms,
  PAYMENT_POLICY_LABELS,
  type PaymentPolicy,
  type PaymentPolicyKind,
  paymentTermsText,
  policySummary,
} from '../../../shared/paymentPolicy';
import { servicePaymentPolicyFields, setSalonPaymentPolicyInput } from '../../../shared/schemas/paymentPolicy';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm, type ZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';
import { Banner, useFlash } from '../shop/Banner';

/*
 * Merchant screens of the payment policy (docs/payments.md "Payment policy and deposits"): the salon's
 * own in Settings (payments/setSalonPolicy) and a service's in its form (payments/setServicePolicy).
 * The boxes hold text; the schema turns them into the wire's numbers and checks them with the
 * server's own rules (a deposit names a percent or a fixed ₹), so the field errors read the same.
 */

type Basis = 'percent' | 'fixed';

/** What the boxes hold: the kind ('' on a service: the salon's), a deposit as % or ₹, and its amount. */
const formFields = {
  basis: z.enum(['percent', 'fixed']),
  depositPercent: z.string(),
  depositFixed: z.string(),
};

/** A box's number ('' is none: the server's rule names the missing one). */
const amount = (v: string) => (v.trim() === '' ? null : Number(v));

function toWire<K>(v: { kind: K; basis: Basis; depositPercent: string; depositFixed: string }) {
  const deposit = v.kind === 'deposit';
  return {
    kind: v.kind,
    depositPercent: deposit && v.basis === 'percent' ? amount(v.depositPercent) : null,
    depositFixed: deposit && v.basis === 'fixed' ? amount(v.depositFixed) : null,
  };
}

const salonPolicyForm = z
  .object({ kind: z.enum(['pay_at_salon', 'deposit', 'online']), ...formFields })
  .transform((v): z.input<typeof setSalonPaymentPolicyInput> => toWire(v))
  .pipe(setSalonPaymentPolicyInput);

const servicePolicyForm = z
  .object({ kind: z.enum(['', 'pay_at_salon', 'deposit', 'online']), ...formFields })
  .transform((v): z.input<typeof servicePaymentPolicyFields> => toWire({ ...v, kind: v.kind === '' ? null : v.kind }))
  .pipe(servicePaymentPolicyFields);

export type ServicePolicyForm = ZodForm<typeof servicePolicyForm>;
export type ServicePolicyValue = z.output<typeof servicePolicyForm>;

function toForm(p: PaymentPolicy | null) {
  return {
    kind: (p?.kind ?? '') as PaymentPolicyKind | '',
    basis: (p?.depositFixed != null ? 'fixed' : 'percent') as Basis,
    depositPercent: p?.depositPercent != null ? String(p.depositPercent) : '',
    depositFixed: p?.depositFixed != null ? String(p.depositFixed) : '',
  };
}

/** The example booking the settings preview states the terms for. */
const EXAMPLE_PRICE = 1000;

const KIND_DETAIL: Record<PaymentPolicyKind, string> = {
  pay_at_salon: 'Customers may pay at the salon or online, as they like.',
  deposit: 'A part is paid online at booking, the rest at the salon. Kept on a no-show or a late cancellation.',
  online: 'The whole price is paid online at booking.',
};

const BASIS_OPTIONS = [
  { value: 'percent', label: '% of the price' },
  { value: 'fixed', label: 'Fixed amount (₹)' },
];

/** The deposit's "as % or ₹" and its amount, shown while the kind is deposit. */
function DepositFields({
  form,
  idPrefix,
  fixedHint,
}: {
  form: ZodForm<typeof salonPolicyForm> | ServicePolicyForm;
  idPrefix: string;
  fixedHint: string;
}) {
  // Both forms hold the same deposit boxes; one typing serves both.
  const f = form as unknown as ZodForm<typeof salonPolicyForm>;
  const { errors } = f.formState;
  const basis = f.watch('basis');
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid={`${idPrefix}-deposit`}>
      {/* Held by the form, shown as it: registering the box let it read its first choice over the loaded one. */}
      <Select
        id={`${idPrefix}-basis`}
        label="Deposit as"
        options={BASIS_OPTIONS}
        value={basis}
        onChange={(e) => f.setValue('basis', e.target.value as Basis, { shouldDirty: true })}
      />
      {basis === 'percent' ? (
        <Input
          key="percent"
          id={`${idPrefix}-percent`}
          label="Deposit (%)"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          required
          {...f.register('depositPercent')}
          error={errors.depositPercent?.message}
        />
      ) : (
        <Input
          key="fixed"
          id={`${idPrefix}-fixed`}
          label="Deposit (₹)"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          required
          hint={fixedHint}
          {...f.register('depositFixed')}
          error={errors.depositFixed?.message}
        />
      )}
    </div>
  );
}

/** The terms a customer would read at checkout under these boxes, for an example booking; null while they are wrong. */
function previewText(v: { kind: string; basis: Basis; depositPercent: string; depositFixed: string }): string | null {
  const parsed = salonPolicyForm.safeParse(v);
  if (!parsed.success) return null;
  const policy = parsed.data as PaymentPolicy;
  return paymentTermsText(bookingPaymentTerms(policy, [{ price: EXAMPLE_PRICE, policy: null }], EXAMPLE_PRICE));
}

/** Settings → Payments: how customers pay this salon when they book. */
export function PaymentPolicySection({ merchantId }: { merchantId: string | null }) {
  const scope = { merchantId: merchantId ?? undefined };
  const policy = trpc.payments.policy.useQuery(scope);
  const salon = policy.data?.data.salon;
  return (
    <Card id="payments">
      <CardHeader
        title="Payments"
        description="How customers pay when they book online. A service can have its own (Services & Pricing); a booking takes the strictest."
      />
      {policy.isError ? (
        <p className="text-sm text-red-700">Could not load your payment policy. Please reload the page.</p>
      ) : !salon ? (
        <p className="text-sm text-ink-500">Loading…</p>
      ) : (
        <SalonPolicyForm salon={salon} merchantId={merchantId} />
      )}
    </Card>
  );
}

function SalonPolicyForm({ salon, merchantId }: { salon: PaymentPolicy; merchantId: string | null }) {
  const [flash, show] = useFlash();
  const form = useZodForm(salonPolicyForm, { defaultValues: toForm(salon) as z.input<typeof salonPolicyForm> });
  const { errors } = form.formState;
  const save = trpc.payments.setSalonPolicy.useMutation({
    meta: { invalidates: ['payments'] },
    onSuccess: (answer) => show('success', `Payment policy saved: ${policySummary(answer.data.salon)}.`),
    onError: serverErrorsTo(form, 'Failed to save the payment policy. Please try again.'),
  });
  const onSubmit = form.handleSubmit((input) => save.mutate({ ...input, merchantId: merchantId ?? undefined }));
  const values = form.watch();
  const preview = previewText(values);

  return (
    <>
      <Banner flash={flash} testId="payments-banner" />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormError message={errors.root?.server?.message ?? errors.kind?.message} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink-800">At booking</legend>
          <div className="grid gap-2 sm:grid-cols-3" data-testid="payment-policy-kind">
            {(Object.keys(PAYMENT_POLICY_LABELS) as PaymentPolicyKind[]).map((k) => (
              <label
                key={k}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition-colors',
                  values.kind === k ? 'border-plum-400 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-200',
                )}
              >
                <input type="radio" value={k} {...form.register('kind')} className="mt-1 accent-plum-700" data-testid={`policy-${k}`} />
                <span>
                  <span className="block text-sm font-semibold text-ink-900">{PAYMENT_POLICY_LABELS[k]}</span>
                  <span className="block text-xs text-ink-600">{KIND_DETAIL[k]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {values.kind === 'deposit' && <DepositFields form={form} idPrefix="salon-deposit" fixedHint="Per booking, at most its total." />}
        <div className="rounded-2xl bg-blush-50 px-4 py-3" data-testid="payment-policy-preview">
          <p className="text-xs font-medium uppercase tracking-wide text-ink-500">
            What customers read before paying (a {formatINR(EXAMPLE_PRICE)} booking)
          </p>
          <p className="mt-1 text-sm text-ink-800">{preview ?? 'Fill in the deposit to see the terms.'}</p>
        </div>
        <div>
          <Button type="submit" loading={save.isPending} loadingText="Saving..." data-testid="save-payment-policy">
            Save Payment Policy
          </Button>
        </div>
      </form>
    </>
  );
}

/** A service's policy boxes, their form and what they held when loaded (to save only a change). */
export function useServicePolicyForm(merchantId: string | null, serviceId: string | null) {
  const policy = trpc.payments.policy.useQuery({ merchantId: merchantId ?? undefined });
  const own = serviceId ? (policy.data?.data.services.find((s) => s._id === serviceId)?.policy ?? null) : null;
  const form = useZodForm(servicePolicyForm, { defaultValues: toForm(null) as z.input<typeof servicePolicyForm> });
  const loaded = policy.data !== undefined;
  const ownKey = JSON.stringify(own);
  // The service's own policy arrives after the modal opens: show it unless the owner has already chosen.
  useEffect(() => {
    if (loaded && !form.formState.isDirty)
      form.reset(toForm(JSON.parse(ownKey) as PaymentPolicy | null) as z.input<typeof servicePolicyForm>);
  }, [loaded, ownKey, form]);
  const changed = (v: ServicePolicyValue) =>
    (v.kind ?? null) !== (own?.kind ?? null) ||
    (v.depositPercent ?? null) !== (own?.depositPercent ?? null) ||
    (v.depositFixed ?? null) !== (own?.depositFixed ?? null);
  return { form, salon: policy.data?.data.salon ?? null, loaded, changed };
}

/** Services & Pricing → the service form's "Payment at booking". */
export function ServicePolicyFields({ form, salon }: { form: ServicePolicyForm; salon: PaymentPolicy | null }) {
  const kind = form.watch('kind');
  const options = [
    { value: '', label: salon ? `Salon default (${policySummary(salon)})` : 'Salon default' },
    { value: 'pay_at_salon', label: PAYMENT_POLICY_LABELS.pay_at_salon },
    { value: 'deposit', label: 'Deposit at booking' },
    { value: 'online', label: 'Online payment required' },
  ];
  return (
    <div className="flex flex-col gap-3 sm:col-span-2" data-testid="service-payment-policy">
      <Select
        id="service-payment-kind"
        label="Payment at booking"
        options={options}
        value={kind}
        onChange={(e) => form.setValue('kind', e.target.value as PaymentPolicyKind | '', { shouldDirty: true })}
        error={form.formState.errors.kind?.message}
        hint="A booking of several services takes the strictest of theirs."
      />
      {kind === 'deposit' && <DepositFields form={form} idPrefix="service-deposit" fixedHint="At most the service's price." />}
    </div>
  );
}
