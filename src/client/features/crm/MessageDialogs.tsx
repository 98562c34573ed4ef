import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { FieldPath, PathValue } from 'react-hook-form';
import type { z } from 'zod';
import { type MessageCategory, QUIET_HOURS_CHANNELS } from '../../../shared/consent';
import { fillMessage, SMS_MAX_CHARS, SMS_TOO_LONG, smsLength, TEMPLATE_VARIABLES } from '../../../shared/messageTemplates';
import {
  CHANNELS,
  type CustomerWire,
  createTemplateInput,
  type MessageChannel,
  type MessageContext,
  type ReferenceableBooking,
  sendMessageForm,
  type TemplateWire,
} from '../../../shared/schemas/crm';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

export const CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

function SmsCounter({ text }: { text: string }) {
  const n = smsLength(text);
  return (
    <span className={cn('tabular-nums', n > SMS_MAX_CHARS && 'font-semibold text-red-600')}>
      {n}/{SMS_MAX_CHARS}
    </span>
  );
}

/** Send Message: channels, an optional template, subject for e-mail, and the variables to insert. */
export function SendMessageDialog({
  customer,
  merchantId,
  onClose,
}: {
  customer: CustomerWire;
  merchantId: string | null;
  onClose: () => void;
}) {
  const context = trpc.merchants.getMessageContext.useQuery({ merchantId: merchantId ?? undefined, customerId: customer._id });
  const ctx = context.data?.data;
  return (
    <Modal open onClose={onClose} title={`Send message to ${customer.name}`} size="md" testId="send-message-dialog">
      {ctx ? (
        <MessageForm customer={customer} merchantId={merchantId} ctx={ctx} onClose={onClose} />
      ) : (
        <div className="grid gap-4">
          {context.isError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
              {errorMessage(context.error, 'Could not load this customer’s messaging details.')}
            </p>
          ) : (
            <p className="text-sm text-ink-500">Loading…</p>
          )}
          <div className="flex justify-end">
            <Button variant="outline" type="button" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

type MessageValues = z.input<typeof sendMessageForm>;

/** The message itself, once the server has said what may be sent to the customer (`ctx`): its defaults start from it. */
function MessageForm({
  customer,
  merchantId,
  ctx,
  onClose,
}: {
  customer: CustomerWire;
  merchantId: string | null;
  ctx: MessageContext;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const session = useAtomValue(sessionAtom);
  const templates = trpc.merchants.getMessageTemplates.useQuery({ merchantId: merchantId ?? undefined });
  const form = useZodForm(sendMessageForm, {
    defaultValues: {
      merchantId: merchantId ?? undefined,
      customerId: customer._id,
      // About a booking when there is one, else an offer when they may be sent one.
      category: ctx.bookings.length === 0 && ctx.promotional.allowed ? 'promotional' : 'transactional',
      bookingId: ctx.bookings[0]?._id ?? '',
      channels: customer.email ? ['email'] : ['sms'],
      subject: '',
      message: '',
    },
  });
  const { errors, isSubmitted } = form.formState;
  const failed = serverErrorsTo(form, 'Failed to send message. Please try again.');
  const send = trpc.merchants.sendCustomerMessage.useMutation({
    meta: {
      successToast: (r: { message: string; skipped: string[] }) =>
        r.skipped.length ? `${r.message} (${r.skipped.join('; ')})` : r.message,
      invalidates: ['merchants.getSentMessages', 'merchants.getMessageContext'],
    },
    onSuccess: onClose,
    onError: (err) => {
      failed(err);
      // The figures (today's count, consent) may have moved meanwhile: show the server's.
      void utils.merchants.getMessageContext.invalidate({ merchantId: merchantId ?? undefined, customerId: customer._id });
    },
  });
  const [templateId, setTemplateId] = useState('');
  const [category, bookingId, channels, subject, message] = form.watch(['category', 'bookingId', 'channels', 'subject', 'message']) as [
    MessageCategory,
    string | undefined,
    MessageChannel[],
    string | undefined,
    string,
  ];
  const change = <K extends FieldPath<MessageValues>>(name: K, value: PathValue<MessageValues, K>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const toggle = (c: MessageChannel, on: boolean) => change('channels', on ? [...channels, c] : channels.filter((x) => x !== c));
  const reachable = (c: MessageChannel) => (c === 'email' ? Boolean(customer.email) : Boolean(customer.phone));
  // What the customer will read: the server fills the variables the same way before sending.
  const filled = fillMessage(
    { subject: subject ?? '', body: message },
    {
      customerName: customer.name,
      appointment: customer.nextAppointment ?? customer.lastVisit,
      merchantName: session.userType === 'merchant' ? (session.user?.shop_Name ?? '') : '',
    },
  );

  const applyTemplate = (id: string) => {
    setTemplateId(id);
    const t = templates.data?.data.find((x) => x._id === id);
    if (!t) return;
    change('message', t.content);
    if (t.subject) change('subject', t.subject);
    if (reachable(t.type)) change('channels', [t.type]);
  };

  const submit = form.handleSubmit((input) => {
    if (input.channels.includes('sms') && smsLength(filled.body) > SMS_MAX_CHARS)
      return form.setError('message', { type: 'length', message: SMS_TOO_LONG }, { shouldFocus: true });
    send.mutate({ ...input, bookingId: input.category === 'transactional' ? input.bookingId : undefined });
  });
  const held =
    category === 'promotional' && ctx.quietHours.now && channels.some((c) => (QUIET_HOURS_CHANNELS as readonly string[]).includes(c));
  const noneLeft = ctx.limit.remainingToday === 0;
  // No booking to write about and no consent to offers: nothing may go to them now.
  const nothingAllowed = ctx.bookings.length === 0 && !ctx.promotional.allowed;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormError message={errors.root?.server?.message} />
      <MessageKind
        ctx={ctx}
        category={category}
        onCategory={(c) => change('category', c)}
        categoryError={errors.category?.message}
        bookingId={bookingId ?? ''}
        onBooking={(id) => change('bookingId', id)}
        bookingError={errors.bookingId?.message}
      />
      <fieldset aria-describedby={errors.channels ? 'channels-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink-700">Contact methods</legend>
        <div className="flex flex-wrap gap-4">
          {CHANNELS.map((c) => (
            <Checkbox
              key={c}
              id={`channel-${c}`}
              label={CHANNEL_LABELS[c]}
              description={reachable(c) ? (c === 'email' ? customer.email : customer.phone) : 'Not on file'}
              disabled={!reachable(c)}
              checked={channels.includes(c)}
              onChange={(e) => toggle(c, e.target.checked)}
            />
          ))}
        </div>
        {errors.channels?.message && (
          <p id="channels-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
            {errors.channels.message}
          </p>
        )}
      </fieldset>
      {nothingAllowed && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="nothing-allowed">
          Nothing can be sent to {customer.name} now: they have no booking upcoming or from the last 7 days, and have not opted in to offers
          and news.
        </p>
      )}
      {held && ctx.quietHours.label && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="quiet-hours-notice">
          Promotional SMS and WhatsApp are not sent from 9 pm to 9 am India time: this one is {ctx.quietHours.label.replace(/^H/, 'h')}.
          {channels.includes('email') ? ' The e-mail goes now.' : ''}
        </p>
      )}
      <Select
        id="message-template"
        label="Template"
        value={templateId}
        options={[
          { value: '', label: templates.data?.data.length ? 'Choose a template (optional)' : 'No templates yet' },
          ...(templates.data?.data ?? []).map((t) => ({ value: t._id, label: `${t.name} · ${CHANNEL_LABELS[t.type]}` })),
        ]}
        onChange={(e) => applyTemplate(e.target.value)}
      />
      {channels.includes('email') && (
        <Input id="message-subject" label="Subject" {...form.register('subject')} error={errors.subject?.message} />
      )}
      <Textarea
        id="message-body"
        label="Message"
        rows={5}
        {...form.register('message')}
        error={errors.message?.message}
        hint={
          <span className="flex justify-between gap-3">
            <span>
              Variables are filled in for the customer{channels.includes('sms') ? '; the SMS limit counts the filled-in text' : ''}.
            </span>
            {channels.includes('sms') && <SmsCounter text={filled.body} />}
          </span>
        }
      />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Insert a variable">
        {TEMPLATE_VARIABLES.map((v) => (
          <button
            key={v}
            type="button"
            onClick={() => change('message', `${form.getValues('message')}{${v}}`)}
            className="rounded-full bg-blush-100 px-2.5 py-1 font-mono text-xs text-plum-800 hover:bg-blush-200"
          >
            {`{${v}}`}
          </button>
        ))}
      </div>
      {message.trim() && (
        <div className="rounded-xl bg-blush-50 px-3 py-2 text-sm" data-testid="message-preview">
          <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Preview</p>
          {channels.includes('email') && filled.subject && <p className="font-medium text-ink-900">{filled.subject}</p>}
          <p className="whitespace-pre-line text-ink-700">{filled.body}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className={cn('mr-auto text-sm', noneLeft ? 'font-medium text-red-700' : 'text-ink-600')} data-testid="messages-left">
          {noneLeft
            ? `Daily limit reached: ${ctx.limit.perDay} of ${ctx.limit.perDay} messages sent today`
            : `${ctx.limit.remainingToday} of ${ctx.limit.perDay} left today`}
        </p>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={send.isPending}
          loadingText="Sending…"
          disabled={noneLeft || nothingAllowed}
          data-testid="send-message"
        >
          Send Message
        </Button>
      </div>
    </form>
  );
}

function bookingLabel(b: ReferenceableBooking): string {
  const when = b.bookingTime ? `${longDate(b.bookingDate)} at ${b.bookingTime}` : `${longDate(b.startsAt)} (at the counter)`;
  const what = b.services.length ? ` · ${b.services.join(', ')}` : '';
  const state = b.status === 'cancelled' ? ' · cancelled' : b.status === 'no_show' ? ' · no-show' : b.upcoming ? ' · upcoming' : '';
  return `${when}${what}${state}`;
}

/** About a booking (naming one of the customer's recent or upcoming bookings) or promotional (needs their opt-in). */
function MessageKind({
  ctx,
  category,
  onCategory,
  categoryError,
  bookingId,
  onBooking,
  bookingError,
}: {
  ctx: MessageContext;
  category: MessageCategory;
  onCategory: (c: MessageCategory) => void;
  categoryError?: string;
  bookingId: string;
  onBooking: (id: string) => void;
  bookingError?: string;
}) {
  const options: { id: MessageCategory; title: string; detail: string; disabled: boolean }[] = [
    {
      id: 'transactional',
      title: 'About a booking',
      detail: ctx.bookings.length
        ? 'A reminder, a change, a follow-up: names one of their bookings.'
        : `${ctx.customer.name} has no booking upcoming or from the last 7 days.`,
      disabled: ctx.bookings.length === 0,
    },
    {
      id: 'promotional',
      title: 'Promotional',
      detail: ctx.promotional.allowed
        ? 'Offers and news: they opted in.'
        : (ctx.promotional.reason ?? 'They have not opted in to offers and news.'),
      disabled: !ctx.promotional.allowed,
    },
  ];
  return (
    <div className="grid gap-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink-700">What is this message?</legend>
        <div className="grid gap-2 sm:grid-cols-2" data-testid="message-category">
          {options.map((o) => (
            <label
              key={o.id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition-colors',
                category === o.id && !o.disabled ? 'border-plum-400 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-200',
                o.disabled && 'cursor-not-allowed opacity-70',
              )}
              data-testid={`category-${o.id}`}
            >
              <input
                type="radio"
                name="message-category"
                value={o.id}
                checked={category === o.id && !o.disabled}
                disabled={o.disabled}
                onChange={() => onCategory(o.id)}
                className="mt-1 accent-plum-700"
              />
              <span>
                <span className="block text-sm font-semibold text-ink-900">{o.title}</span>
                <span className="block text-xs text-ink-600" data-testid={`category-${o.id}-detail`}>
                  {o.detail}
                </span>
              </span>
            </label>
          ))}
        </div>
        {categoryError && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-red-600">
            {categoryError}
          </p>
        )}
      </fieldset>
      {category === 'transactional' && ctx.bookings.length > 0 && (
        <Select
          id="message-booking"
          label="Booking"
          value={bookingId}
          options={ctx.bookings.map((b) => ({ value: b._id, label: bookingLabel(b) }))}
          error={bookingError}
          onChange={(e) => onBooking(e.target.value)}
        />
      )}
    </div>
  );
}

/** Create New Template (or edit one): name, type, subject (e-mail only), content. */
export function TemplateDialog({
  merchantId,
  template,
  onClose,
}: {
  merchantId: string | null;
  template?: TemplateWire;
  onClose: () => void;
}) {
  const form = useZodForm(createTemplateInput, {
    defaultValues: {
      merchantId: merchantId ?? undefined,
      ...(template
        ? { name: template.name, type: template.type, subject: template.subject ?? '', content: template.content }
        : { name: '', type: 'sms', subject: '', content: '' }),
    },
  });
  const { errors } = form.formState;
  const saved = {
    meta: { successToast: template ? 'Template saved' : 'Template created', invalidates: ['merchants.getMessageTemplates'] as const },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Could not save the template.'),
  };
  const create = trpc.merchants.createMessageTemplate.useMutation(saved);
  const update = trpc.merchants.updateMessageTemplate.useMutation(saved);
  const [type, content] = form.watch(['type', 'content']);
  const submit = form.handleSubmit((input) => {
    if (input.type === 'sms' && smsLength(input.content) > SMS_MAX_CHARS)
      return form.setError('content', { type: 'length', message: SMS_TOO_LONG });
    if (template) update.mutate({ ...input, templateId: template._id });
    else create.mutate(input);
  });
  return (
    <Modal open onClose={onClose} title={template ? 'Edit Template' : 'Create New Template'} size="md" testId="template-dialog">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormError message={errors.root?.server?.message} />
        <Input id="template-name" label="Name" required {...form.register('name')} error={errors.name?.message} />
        <Select
          id="template-type"
          label="Type"
          {...form.register('type')}
          error={errors.type?.message}
          options={CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        />
        {type === 'email' && <Input id="template-subject" label="Subject" {...form.register('subject')} error={errors.subject?.message} />}
        <Textarea
          id="template-content"
          label="Content"
          required
          rows={5}
          {...form.register('content')}
          error={errors.content?.message}
          hint={type === 'sms' ? <SmsCounter text={content} /> : 'Use {customer_name}, {appointment_date} and {merchant_name}.'}
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} data-testid="template-save">
            {template ? 'Save Template' : 'Create Template'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
