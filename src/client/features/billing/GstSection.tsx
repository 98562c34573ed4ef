import { gstinStateProblem, gstStateCode } from '../../../shared/gstin';
import { updateGstinInput } from '../../../shared/schemas/billing';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { readableMessage, trpc } from '../../trpc';
import { Banner, useFlash } from '../shop/Banner';

/**
 * The salon's GSTIN for its tax invoices (Settings → GST details): checked as typed with the same
 * shared rules the server applies (format, check character, the salon's state code).
 */
export function GstSection({ merchantId }: { merchantId: string | null }) {
  const sub = trpc.merchants.getSubscription.useQuery({ merchantId: merchantId ?? undefined });
  const [flash, show] = useFlash();
  const saved = sub.data?.data.gst.salonGstin ?? null;
  const state = sub.data?.data.merchantState ?? '';
  const form = useZodForm(updateGstinInput, {
    defaultValues: { merchantId: merchantId ?? undefined, gstin: '' },
    // The saved GSTIN, once loaded and after each save, is what the box shows.
    values: sub.data ? { merchantId: merchantId ?? undefined, gstin: saved ?? '' } : undefined,
  });
  const save = trpc.merchants.updateGstin.useMutation({
    meta: { invalidates: ['merchants.getSubscription'] },
    onSuccess: (r) => show('success', r.message),
    onError: serverErrorsTo(form, 'Failed to save the GSTIN. Please try again.'),
  });

  const onSubmit = form.handleSubmit((input) => {
    // The salon's state is on the server's record, not in the input: the same shared rule, checked here too.
    const problem = input.gstin ? gstinStateProblem(input.gstin, state) : null;
    if (problem) return form.setError('gstin', { type: 'state', message: readableMessage(problem) });
    save.mutate(input);
  });
  const error = form.formState.errors.gstin?.message ?? form.formState.errors.root?.server?.message;

  return (
    <Card id="gst">
      <CardHeader
        title="GST details"
        description="Your GSTIN is printed on GlowBook's tax invoices to you, so you can claim the input tax credit. Leave it blank if your salon is not registered."
      />
      <Banner flash={flash} testId="gst-banner" />
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[minmax(0,22rem)_auto] sm:items-start" noValidate>
        <Input
          id="gstin"
          label="GSTIN"
          placeholder={`${gstStateCode(state) ?? '27'}AAPFU0939F1ZV`}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          className="font-mono uppercase"
          {...form.register('gstin')}
          disabled={!sub.data}
          error={error}
          hint={
            state
              ? `15 characters; it must be registered in ${state}${gstStateCode(state) ? ` (starts with ${gstStateCode(state)})` : ''}.`
              : undefined
          }
        />
        <Button
          type="submit"
          className="sm:mt-7 sm:justify-self-start"
          loading={save.isPending}
          loadingText="Saving..."
          disabled={!sub.data}
          data-testid="save-gstin"
        >
          Save GSTIN
        </Button>
      </form>
    </Card>
  );
}
