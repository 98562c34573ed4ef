import { useState } from 'react';
import { AUDIENCES, broadcastInput } from '../../../shared/schemas/admin';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { useZodForm } from '../../forms/useZodForm';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';
import { Pagination, QueryState, TableCard, Td, Th } from './DataTable';
import { formatCount, formatDateTime } from './format';

type Audience = (typeof AUDIENCES)[number];
const AUDIENCE_LABELS: Record<Audience, string> = { all: 'Everyone', customers: 'Customers', merchants: 'Merchants' };

/**
 * Writes and sends an in-app broadcast, optionally also as a web push; `preview` shows how it
 * reads as a notification.
 */
export function BroadcastForm({ preview = false, pushDefault = false }: { preview?: boolean; pushDefault?: boolean }) {
  const draft = useZodForm(broadcastInput, { defaultValues: { title: '', message: '', audience: 'all', link: '', push: pushDefault } });
  const { errors } = draft.formState;
  const send = trpc.admin.broadcast.useMutation({
    meta: {
      successToast: answerMessage,
      errorToast: 'Could not send the broadcast.',
      invalidates: ['admin.listBroadcasts', 'notification.getAllSubscribeUserNotifications'],
    },
    // The audience and the push choice stay for the next one.
    onSuccess: () => draft.reset({ ...draft.getValues(), title: '', message: '', link: '' }),
  });
  const submit = draft.handleSubmit((input) => send.mutate(input));
  const [audience, title, message] = draft.watch(['audience', 'title', 'message']);

  const form = (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid="broadcast-form">
      <Select
        id="broadcast-audience"
        label="Send to"
        options={AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }))}
        {...draft.register('audience')}
        hint="Blocked accounts are skipped."
      />
      <Input id="broadcast-title" label="Title" required maxLength={120} {...draft.register('title')} error={errors.title?.message} />
      <Textarea
        id="broadcast-message"
        label="Message"
        required
        rows={4}
        maxLength={1000}
        {...draft.register('message')}
        error={errors.message?.message}
        hint={`${message.length}/1000`}
      />
      <Input
        id="broadcast-link"
        label="Link (optional)"
        placeholder="/salons"
        {...draft.register('link')}
        error={errors.link?.message}
        hint="A page inside the app that opens when the notification is tapped."
      />
      <Checkbox
        id="broadcast-push"
        label="Also send as a push notification"
        description="Reaches the lock screen of every browser in the audience that allowed notifications."
        {...draft.register('push')}
      />
      <div>
        <Button type="submit" loading={send.isPending} loadingText="Sending…" data-testid="broadcast-send">
          Send to {AUDIENCE_LABELS[audience].toLowerCase()}
        </Button>
      </div>
    </form>
  );

  if (!preview) return form;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      {form}
      <div role="group" aria-label="Preview" className="space-y-2">
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Preview</p>
        <div className="rounded-2xl bg-plum-950 p-3 shadow-lift">
          <div className="rounded-xl bg-white/95 p-3">
            <div className="flex items-center gap-2 text-[11px] text-ink-500">
              <span className="inline-flex size-4 items-center justify-center rounded bg-plum-700 text-[9px] font-bold text-white">G</span>
              GlowBook · now
            </div>
            <p className="mt-1 text-sm font-semibold break-words text-ink-900">{title || 'Your title'}</p>
            <p className="line-clamp-3 text-sm break-words text-ink-600">{message || 'Your message appears here.'}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Past broadcasts, newest first. */
export function BroadcastHistory() {
  const [page, setPage] = useState(1);
  const history = trpc.admin.listBroadcasts.useQuery({ page, limit: 10 });
  const list = history.data?.broadcasts ?? [];
  return (
    <section>
      <h2 className="mb-3 text-lg font-semibold text-ink-900">Sent broadcasts</h2>
      <QueryState
        query={history}
        isEmpty={list.length === 0}
        emptyTitle="Nothing sent yet"
        emptyDescription="Broadcasts you send are listed here with how many accounts received them."
      >
        <TableCard testId="broadcasts-table" caption="Sent broadcasts" minWidth={720}>
          <thead>
            <tr>
              <Th>Sent</Th>
              <Th>Message</Th>
              <Th>Audience</Th>
              <Th className="text-right">Recipients</Th>
              <Th>By</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b._id} data-testid="broadcast-row">
                <Td className="whitespace-nowrap">{formatDateTime(b.createdAt)}</Td>
                <Td className="max-w-96">
                  <p className="font-medium text-ink-900">{b.title}</p>
                  <p className="line-clamp-2 text-xs text-ink-500">{b.message}</p>
                </Td>
                <Td>
                  <Badge>{AUDIENCE_LABELS[b.audience as Audience] ?? b.audience}</Badge>
                </Td>
                <Td className="text-right">{formatCount(b.recipients)}</Td>
                <Td className="text-xs">{b.sentBy ?? '—'}</Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={10} total={history.data?.total ?? 0} onPage={setPage} />
      </QueryState>
    </section>
  );
}

export function BroadcastCard({
  title,
  description,
  preview,
  pushDefault,
}: {
  title: string;
  description: string;
  preview?: boolean;
  pushDefault?: boolean;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <BroadcastForm preview={preview} pushDefault={pushDefault} />
    </Card>
  );
}
