import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { fillMessage, SMS_MAX_CHARS, SMS_TOO_LONG, smsLength, TEMPLATE_VARIABLES } from '../../../shared/messageTemplates';
import { CHANNELS, createTemplateInput, type CustomerWire, type MessageChannel, type TemplateWire } from '../../../shared/schemas/crm';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { cn } from '../../lib/cn';
import { sessionAtom } from '../../state/session';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';

export const CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

function SmsCounter({ text }: { text: string }) {
  const n = smsLength(text);
  return <span className={cn('tabular-nums', n > SMS_MAX_CHARS && 'font-semibold text-red-600')}>{n}/{SMS_MAX_CHARS}</span>;
}

/** Send Message: channels, an optional template, subject for e-mail, and the variables to insert. */
export function SendMessageDialog({ customer, merchantId, onClose }: { customer: CustomerWire; merchantId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const templates = useQuery(trpc.merchants.getMessageTemplates.queryOptions({ merchantId: merchantId ?? undefined }));
  const send = useMutation(trpc.merchants.sendCustomerMessage.mutationOptions());
  const [channels, setChannels] = useState<MessageChannel[]>(customer.email ? ['email'] : ['sms']);
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toggle = (c: MessageChannel, on: boolean) => setChannels((list) => (on ? [...list, c] : list.filter((x) => x !== c)));
  const reachable = (c: MessageChannel) => (c === 'email' ? Boolean(customer.email) : Boolean(customer.phone));
  // What the customer will read: the server fills the variables the same way before sending.
  const filled = fillMessage(
    { subject, body: message },
    { customerName: customer.name, appointment: customer.nextAppointment ?? customer.lastVisit, merchantName: session.userType === 'merchant' ? (session.user?.shop_Name ?? '') : '' },
  );

  const applyTemplate = (id: string) => {
    setTemplateId(id);
    const t = templates.data?.data.find((x) => x._id === id);
    if (!t) return;
    setMessage(t.content);
    if (t.subject) setSubject(t.subject);
    if (reachable(t.type)) setChannels([t.type]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (channels.length === 0 || !message.trim()) return setError('Please select at least one contact method and enter a message.');
    if (channels.includes('sms') && smsLength(filled.body) > SMS_MAX_CHARS) return setError(SMS_TOO_LONG);
    if (channels.includes('email') && !subject.trim()) return setError('An e-mail needs a subject.');
    setError(null);
    try {
      const r = await send.mutateAsync({ merchantId: merchantId ?? undefined, customerId: customer._id, channels, subject: subject || undefined, message });
      toast.success(r.skipped.length ? `${r.message} (${r.skipped.join('; ')})` : r.message);
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getSentMessages.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Failed to send message. Please try again.'));
    }
  };

  return (
    <Modal open onClose={onClose} title={`Send message to ${customer.name}`} size="md" testId="send-message-dialog">
      <form noValidate onSubmit={submit} className="grid gap-4">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <fieldset>
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
        </fieldset>
        <Select
          id="message-template"
          label="Template"
          value={templateId}
          options={[{ value: '', label: templates.data?.data.length ? 'Choose a template (optional)' : 'No templates yet' }, ...(templates.data?.data ?? []).map((t) => ({ value: t._id, label: `${t.name} · ${CHANNEL_LABELS[t.type]}` }))]}
          onChange={(e) => applyTemplate(e.target.value)}
        />
        {channels.includes('email') && <Input id="message-subject" label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />}
        <Textarea
          id="message-body"
          label="Message"
          rows={5}
          value={message}
          hint={
            <span className="flex justify-between gap-3">
              <span>Variables are filled in for the customer{channels.includes('sms') ? '; the SMS limit counts the filled-in text' : ''}.</span>
              {channels.includes('sms') && <SmsCounter text={filled.body} />}
            </span>
          }
          onChange={(e) => setMessage(e.target.value)}
        />
        <div className="flex flex-wrap gap-2" aria-label="Insert a variable">
          {TEMPLATE_VARIABLES.map((v) => (
            <button key={v} type="button" onClick={() => setMessage((m) => `${m}{${v}}`)} className="rounded-full bg-blush-100 px-2.5 py-1 font-mono text-xs text-plum-800 hover:bg-blush-200">
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
        <div className="flex justify-end gap-2">
          <Button variant="outline" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending} loadingText="Sending…" data-testid="send-message">
            Send Message
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Create New Template (or edit one): name, type, subject (e-mail only), content. */
export function TemplateDialog({ merchantId, template, onClose }: { merchantId: string | null; template?: TemplateWire; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.merchants.createMessageTemplate.mutationOptions());
  const update = useMutation(trpc.merchants.updateMessageTemplate.mutationOptions());
  const [t, setT] = useState<{ name: string; type: MessageChannel; subject: string; content: string }>(
    template ? { name: template.name, type: template.type, subject: template.subject ?? '', content: template.content } : { name: '', type: 'sms', subject: '', content: '' },
  );
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createTemplateInput.safeParse({ ...t, merchantId: merchantId ?? undefined });
    if (!parsed.success) return setError(readableMessage(parsed.error.issues[0].message));
    if (t.type === 'sms' && smsLength(t.content) > SMS_MAX_CHARS) return setError(SMS_TOO_LONG);
    try {
      if (template) await update.mutateAsync({ ...parsed.data, templateId: template._id });
      else await create.mutateAsync(parsed.data);
      toast.success(template ? 'Template saved' : 'Template created');
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getMessageTemplates.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the template.'));
    }
  };
  return (
    <Modal open onClose={onClose} title={template ? 'Edit Template' : 'Create New Template'} size="md" testId="template-dialog">
      <form noValidate onSubmit={submit} className="grid gap-4">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <Input id="template-name" label="Name" required value={t.name} onChange={(e) => setT({ ...t, name: e.target.value })} />
        <Select id="template-type" label="Type" value={t.type} options={CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))} onChange={(e) => setT({ ...t, type: e.target.value as MessageChannel })} />
        {t.type === 'email' && <Input id="template-subject" label="Subject" value={t.subject} onChange={(e) => setT({ ...t, subject: e.target.value })} />}
        <Textarea
          id="template-content"
          label="Content"
          required
          rows={5}
          value={t.content}
          hint={t.type === 'sms' ? <SmsCounter text={t.content} /> : 'Use {customer_name}, {appointment_date} and {merchant_name}.'}
          onChange={(e) => setT({ ...t, content: e.target.value })}
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
