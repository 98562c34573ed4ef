import { useEffect, useState } from 'react';
import { z } from 'zod';
import { slugSchema } from '../../../shared/schemas/channels';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { Banner, useFlash } from '../shop/Banner';

const slugForm = z.object({ slug: slugSchema });

/** A read-only value with a Copy button that says when it copied. */
function CopyField({
  id,
  label,
  value,
  hint,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
  multiline?: boolean;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  const fieldClass =
    'w-full min-w-0 rounded-xl border border-blush-200 bg-blush-50/60 px-3 py-2 font-mono text-sm text-ink-900 focus:outline-2 focus:outline-plum-600';
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {multiline ? (
          <textarea id={id} readOnly rows={4} value={value} className={`${fieldClass} resize-none`} onFocus={(e) => e.target.select()} />
        ) : (
          <input id={id} readOnly value={value} className={fieldClass} onFocus={(e) => e.target.select()} />
        )}
        <Button type="button" variant="outline" onClick={copy} data-testid={`${id}-copy`} className="shrink-0">
          Copy
        </Button>
      </div>
      <p className="text-xs text-ink-500" aria-live="polite">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Could not copy: select the text and copy it yourself.' : hint}
      </p>
    </div>
  );
}

/**
 * Settings → Online booking (docs/channels.md): the salon's own link and its name, the website
 * widget's tag, the QR poster, and Reserve with Google. Bookings from the link, the widget and the
 * poster are direct: no commission.
 */
export function OnlineBookingSection({ merchantId }: { merchantId: string }) {
  const [flash, show] = useFlash();
  const q = trpc.merchants.getOnlineBooking.useQuery({ merchantId });
  const d = q.data?.data;
  const form = useZodForm(slugForm, { defaultValues: { slug: '' } });
  const { errors } = form.formState;
  useEffect(() => {
    if (d) form.reset({ slug: d.slug });
  }, [d, form]);
  const update = trpc.merchants.updateOnlineBooking.useMutation({
    meta: { invalidates: ['merchants.getOnlineBooking'] },
    onSuccess: (answer, input) =>
      show(
        'success',
        input.slug !== undefined
          ? `Your link is now ${answer.data.url}. The old link keeps working and leads here.`
          : answer.data.feedOptOut
            ? 'Your salon will be left out of Reserve with Google from the next feed.'
            : 'Your salon will be in Reserve with Google from the next feed.',
      ),
    onError: serverErrorsTo(form, 'Could not save. Please try again.'),
  });
  const onSave = form.handleSubmit(({ slug }) => update.mutate({ merchantId, slug }));

  return (
    <Card id="online-booking" data-testid="online-booking">
      <CardHeader
        title="Online booking"
        description="Your own booking link, a Book now button for your website, a QR poster and Reserve with Google. Bookings made through them are direct: GlowBook takes no commission on them."
      />
      <Banner flash={flash} testId="online-booking-banner" />
      {q.isError ? (
        <FormError message="Could not load your booking link. Please reload the page." />
      ) : !d ? (
        <Skeleton className="h-64 rounded-2xl" />
      ) : (
        <div className="grid gap-6">
          <CopyField id="booking-link" label="Your booking link" value={d.url} hint="Put it in your Instagram or WhatsApp bio." />
          <form noValidate onSubmit={onSave} className="grid gap-3 sm:max-w-md">
            <FormError message={errors.root?.server?.message} />
            <Input
              id="link-slug"
              label="Link name"
              hint="Lower-case letters, digits and hyphens. Your old link keeps working after a change."
              autoComplete="off"
              spellCheck={false}
              {...form.register('slug')}
              error={errors.slug?.message}
            />
            <Button
              type="submit"
              variant="outline"
              loading={update.isPending && update.variables?.slug !== undefined}
              loadingText="Saving..."
              data-testid="save-slug"
            >
              Save link name
            </Button>
          </form>
          <CopyField
            id="widget-snippet"
            label="Book now button for your website"
            value={d.widgetSnippet}
            multiline
            hint="Paste this tag where the button should appear on your website."
          />
          <div className="grid gap-2">
            <h3 className="text-sm font-medium text-ink-900">QR poster for your front desk</h3>
            <p className="text-sm text-ink-600">An A4 poster with your link as a QR code and how to book, in English and Hindi.</p>
            <div className="flex flex-wrap gap-2">
              <a href={d.posterPdfUrl} className={buttonClasses('primary', 'sm')} data-testid="poster-pdf" download>
                Download PDF
              </a>
              <a href={d.posterPngUrl} className={buttonClasses('outline', 'sm')} data-testid="poster-png" download>
                Download PNG
              </a>
            </div>
          </div>
          <Checkbox
            id="feed-opt-in"
            label="Show my salon on Reserve with Google"
            description="Customers who find you on Google Search and Maps can book through your link."
            checked={!d.feedOptOut}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ merchantId, feedOptOut: !e.target.checked })}
          />
        </div>
      )}
    </Card>
  );
}
