import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { gstinStateProblem, gstStateCode } from '../../../shared/gstin';
import { updateGstinInput } from '../../../shared/schemas/billing';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { errorMessage, readableMessage, useTRPC } from '../../trpc';
import { Banner, useFlash } from '../shop/Banner';

/**
 * The salon's GSTIN for its tax invoices (Settings → GST details): checked as typed with the same
 * shared rules the server applies (format, check character, the salon's state code).
 */
export function GstSection({ merchantId }: { merchantId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sub = useQuery(trpc.merchants.getSubscription.queryOptions({ merchantId: merchantId ?? undefined }));
  const save = useMutation(trpc.merchants.updateGstin.mutationOptions());
  const [flash, show] = useFlash();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const saved = sub.data?.data.gst.salonGstin ?? null;
  const state = sub.data?.data.merchantState ?? '';
  const gstin = value ?? saved ?? '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const parsed = updateGstinInput.safeParse({ merchantId: merchantId ?? undefined, gstin });
    const problem = parsed.success ? (parsed.data.gstin ? gstinStateProblem(parsed.data.gstin, state) : null) : readableMessage(parsed.error.issues[0].message);
    if (problem) {
      setError(problem.charAt(0).toUpperCase() + problem.slice(1));
      return;
    }
    try {
      const r = await save.mutateAsync(parsed.data!);
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getSubscription.queryKey() });
      setValue(null);
      show('success', r.message);
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the GSTIN. Please try again.'));
    }
  };

  return (
    <Card id="gst">
      <CardHeader title="GST details" description="Your GSTIN is printed on GlowBook's tax invoices to you, so you can claim the input tax credit. Leave it blank if your salon is not registered." />
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
          value={gstin}
          disabled={!sub.data}
          error={error}
          hint={state ? `15 characters; it must be registered in ${state}${gstStateCode(state) ? ` (starts with ${gstStateCode(state)})` : ''}.` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" className="sm:mt-7 sm:justify-self-start" loading={save.isPending} loadingText="Saving..." disabled={!sub.data} data-testid="save-gstin">
          Save GSTIN
        </Button>
      </form>
    </Card>
  );
}
