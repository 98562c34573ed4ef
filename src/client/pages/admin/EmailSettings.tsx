import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { DELIVERY_STATE_LABEL, DELIVERY_STATES, type DeliveryState } from '../../../shared/delivery';
import { type emailTemplateWire, OUTBOX_CHANNELS, type outboxAnswer, updateEmailTemplateInput } from '../../../shared/schemas/admin';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { Textarea } from '../../components/ui/Textarea';
import { AdminPage } from '../../features/admin/AdminPage';
import { FilterBar, Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatDateTime } from '../../features/admin/format';
import { useDebounced } from '../../features/admin/useDebounced';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

type OutboxMessage = z.infer<typeof outboxAnswer>['messages'][number];
type Template = z.infer<typeof emailTemplateWire>;
type Tab = 'outbox' | 'templates';

/** Delivery as the transport reported it (shared/delivery.ts): only a provider's receipt is green. */
const DELIVERY_TONES: Record<DeliveryState, BadgeTone> = {
  queued: 'warning',
  not_sent: 'warning',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
};
const LIMIT = 20;

function Outbox() {
  const [channel, setChannel] = useState('');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const term = useDebounced(search.trim());
  const outbox = trpc.admin.outbox.useQuery(
    {
      channel: (channel || undefined) as (typeof OUTBOX_CHANNELS)[number] | undefined,
      status: (status || undefined) as DeliveryState | undefined,
      search: term || undefined,
      page,
      limit: LIMIT,
    },
    { placeholderData: keepPreviousData },
  );
  const list = outbox.data?.messages ?? [];
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <div className="space-y-4">
      <FilterBar>
        <Input
          label="Search"
          type="search"
          placeholder="Recipient or subject"
          value={search}
          onChange={(e) => reset(setSearch)(e.target.value)}
          containerClassName="lg:col-span-2"
        />
        <Select
          label="Channel"
          value={channel}
          placeholder="All channels"
          options={OUTBOX_CHANNELS.map((c) => ({ value: c, label: c === 'sms' ? 'SMS' : c.charAt(0).toUpperCase() + c.slice(1) }))}
          onChange={(e) => reset(setChannel)(e.target.value)}
        />
        <Select
          label="Delivery"
          value={status}
          placeholder="Any delivery state"
          options={DELIVERY_STATES.map((s) => ({ value: s, label: DELIVERY_STATE_LABEL[s] }))}
          onChange={(e) => reset(setStatus)(e.target.value)}
        />
      </FilterBar>
      <QueryState
        query={outbox}
        isEmpty={list.length === 0}
        emptyTitle="No messages"
        emptyDescription="E-mails, texts and WhatsApp messages the app sends are listed here."
      >
        <TableCard testId="outbox-table" caption="Outgoing messages" minWidth={820}>
          <thead>
            <tr>
              <Th>Created</Th>
              <Th>Channel</Th>
              <Th>To</Th>
              <Th>Subject</Th>
              <Th>Delivery</Th>
              <Th className="text-right">Attempts</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m._id} className="cursor-pointer hover:bg-blush-50/60" onClick={() => setOpen(m)} data-testid="outbox-row">
                <Td className="whitespace-nowrap">{formatDateTime(m.createdAt)}</Td>
                <Td>
                  <Badge>{m.channel}</Badge>
                </Td>
                <Td className="text-xs break-all">{m.recipient}</Td>
                <Td className="max-w-72">
                  <button
                    type="button"
                    className="line-clamp-2 text-left font-medium text-plum-800 hover:underline"
                    onClick={() => setOpen(m)}
                  >
                    {m.subject ?? m.body.slice(0, 80)}
                  </button>
                </Td>
                <Td>
                  <Badge tone={DELIVERY_TONES[m.delivery]} data-testid="outbox-delivery" data-delivery={m.delivery}>
                    {m.deliveryLabel}
                  </Badge>
                  {m.lastError && <p className="mt-1 max-w-48 text-xs text-red-600">{m.lastError}</p>}
                </Td>
                <Td className="text-right">{m.attempts}</Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={LIMIT} total={outbox.data?.total ?? 0} onPage={setPage} />
      </QueryState>
      <Modal
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        title={open?.subject ?? 'Message'}
        description={open ? `${open.channel} to ${open.recipient} via ${open.provider}` : undefined}
        size="lg"
        testId="outbox-message"
      >
        {open && (
          <div className="space-y-3 text-sm">
            <p className="text-ink-500">
              Created {formatDateTime(open.createdAt)}
              {open.sentAt && open.delivery !== 'queued' && open.delivery !== 'not_sent'
                ? ` · handed to ${open.provider} ${formatDateTime(open.sentAt)}`
                : ''}
              {open.deliveredAt ? ` · delivered ${formatDateTime(open.deliveredAt)}` : ''} · {open.attempts} attempt
              {open.attempts === 1 ? '' : 's'}
            </p>
            <p className="font-medium text-ink-900" data-testid="outbox-message-delivery">
              {open.deliveryLabel}
            </p>
            {open.lastError && <p className="rounded-xl bg-red-50 px-3 py-2 text-red-700">{open.lastError}</p>}
            <pre className="max-h-96 overflow-auto rounded-xl bg-blush-50 p-4 font-sans whitespace-pre-wrap text-ink-800">{open.body}</pre>
          </div>
        )}
      </Modal>
    </div>
  );
}

/** One template's subject and body; the page remounts it for another template or a newer version of this one. */
function TemplateEditor({ template }: { template: Template }) {
  const form = useZodForm(updateEmailTemplateInput, {
    defaultValues: { key: template.key, subject: template.subject, body: template.body },
  });
  const { errors, isDirty } = form.formState;
  const save = trpc.admin.updateEmailTemplate.useMutation({
    meta: { successToast: 'Template saved.', invalidates: ['admin.emailTemplates'] },
    onError: serverErrorsTo(form, 'Could not save the template.'),
  });
  const submit = form.handleSubmit((input) => save.mutate(input));

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="template-editor">
      <div>
        <h3 className="font-mono text-sm font-semibold text-plum-800">{template.key}</h3>
        <p className="text-sm text-ink-500">{template.description}</p>
        <p className="mt-1 text-xs text-ink-400">Last changed {formatDateTime(template.updatedAt)}</p>
      </div>
      <FormError message={errors.root?.server?.message} />
      <Input id="template-subject" label="Subject" required maxLength={200} {...form.register('subject')} error={errors.subject?.message} />
      <Textarea
        id="template-body"
        label="Body"
        required
        rows={12}
        {...form.register('body')}
        error={errors.body?.message}
        className="font-mono text-[13px]"
      />
      {template.placeholders.length > 0 && (
        <div>
          <p className="mb-1.5 text-xs font-medium text-ink-500">Placeholders filled in when the message is sent:</p>
          <div className="flex flex-wrap gap-1.5">
            {template.placeholders.map((p) => (
              <code key={p} className="rounded-md bg-plum-50 px-1.5 py-0.5 text-xs text-plum-800">
                {`{{${p}}}`}
              </code>
            ))}
          </div>
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={save.isPending} disabled={!isDirty} data-testid="template-save">
          Save template
        </Button>
        {isDirty && (
          <Button variant="ghost" onClick={() => form.reset()}>
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}

function Templates() {
  const templates = trpc.admin.emailTemplates.useQuery({});
  const list = templates.data?.templates ?? [];
  const [key, setKey] = useState<string | null>(null);
  const current = list.find((t) => t.key === key) ?? list[0];

  return (
    <QueryState query={templates} isEmpty={list.length === 0} emptyTitle="No templates">
      <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
        <Card padded={false} className="h-fit overflow-hidden">
          <ul className="max-h-[28rem] divide-y divide-blush-100 overflow-y-auto" data-testid="template-list">
            {list.map((t) => (
              <li key={t.key}>
                <button
                  type="button"
                  onClick={() => setKey(t.key)}
                  aria-current={current?.key === t.key ? 'true' : undefined}
                  className={cn('block w-full px-4 py-3 text-left text-sm hover:bg-blush-50', current?.key === t.key && 'bg-plum-50')}
                >
                  <span className="block font-mono text-xs font-semibold text-plum-800">{t.key}</span>
                  <span className="line-clamp-1 text-xs text-ink-500">{t.subject}</span>
                </button>
              </li>
            ))}
          </ul>
        </Card>
        <Card>{current && <TemplateEditor key={`${current.key}@${current.updatedAt}`} template={current} />}</Card>
      </div>
    </QueryState>
  );
}

export default function EmailSettings() {
  const [tab, setTab] = useState<Tab>('outbox');
  return (
    <AdminPage title="Email" description="Every message the app sends, and the templates its e-mails are written from.">
      <Tabs
        withPanels
        idPrefix="email"
        label="Email sections"
        variant="underline"
        items={[
          { id: 'outbox', label: 'Outbox' },
          { id: 'templates', label: 'Templates' },
        ]}
        value={tab}
        onChange={setTab}
      />
      <TabPanel idPrefix="email" id={tab}>
        {tab === 'outbox' ? <Outbox /> : <Templates />}
      </TabPanel>
    </AdminPage>
  );
}
