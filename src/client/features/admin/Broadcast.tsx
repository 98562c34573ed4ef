import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIENCES, broadcastInput } from '../../../shared/schemas/admin';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { Pagination, QueryState, TableCard, Td, Th } from './DataTable';
import { formatCount, formatDateTime } from './format';

type Audience = (typeof AUDIENCES)[number];
const AUDIENCE_LABELS: Record<Audience, string> = { all: 'Everyone', customers: 'Customers', merchants: 'Merchants' };

interface Draft {
  title: string;
  message: string;
  audience: Audience;
  link: string;
  push: boolean;
}

type Errors = Partial<Record<keyof Draft, string>>;

/**
 * Writes and sends an in-app broadcast, optionally also as a web push; `preview` shows how it
 * reads as a notification.
 */
export function BroadcastForm({ preview = false, pushDefault = false }: { preview?: boolean; pushDefault?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const send = useMutation(trpc.admin.broadcast.mutationOptions());
  const [draft, setDraft] = useState<Draft>({ title: '', message: '', audience: 'all', link: '', push: pushDefault });
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = broadcastInput.safeParse(draft);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft;
        next[field] ??= readableMessage(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const answer = await send.mutateAsync(parsed.data);
      toast.success(answer.message);
      setDraft({ title: '', message: '', audience: draft.audience, link: '', push: draft.push });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.listBroadcasts.queryKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.notification.getAllSubscribeUserNotifications.queryKey() });
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the broadcast.'));
    }
  };

  const form = (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid="broadcast-form">
      <Select
        id="broadcast-audience"
        label="Send to"
        value={draft.audience}
        options={AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }))}
        onChange={(e) => set('audience', e.target.value as Audience)}
        hint="Blocked accounts are skipped."
      />
      <Input id="broadcast-title" label="Title" required maxLength={120} value={draft.title} error={errors.title} onChange={(e) => set('title', e.target.value)} />
      <Textarea id="broadcast-message" label="Message" required rows={4} maxLength={1000} value={draft.message} error={errors.message} hint={`${draft.message.length}/1000`} onChange={(e) => set('message', e.target.value)} />
      <Input id="broadcast-link" label="Link (optional)" placeholder="/salons" value={draft.link} error={errors.link} hint="A page inside the app that opens when the notification is tapped." onChange={(e) => set('link', e.target.value)} />
      <Checkbox
        id="broadcast-push"
        label="Also send as a push notification"
        description="Reaches the lock screen of every browser in the audience that allowed notifications."
        checked={draft.push}
        onChange={(e) => set('push', e.target.checked)}
      />
      <div>
        <Button type="submit" loading={send.isPending} loadingText="Sending…" data-testid="broadcast-send">
          Send to {AUDIENCE_LABELS[draft.audience].toLowerCase()}
        </Button>
      </div>
    </form>
  );

  if (!preview) return form;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      {form}
      <div aria-label="Preview" className="space-y-2">
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Preview</p>
        <div className="rounded-2xl bg-plum-950 p-3 shadow-lift">
          <div className="rounded-xl bg-white/95 p-3">
            <div className="flex items-center gap-2 text-[11px] text-ink-500">
              <span className="inline-flex size-4 items-center justify-center rounded bg-plum-700 text-[9px] font-bold text-white">G</span>
              GlowBook · now
            </div>
            <p className="mt-1 text-sm font-semibold break-words text-ink-900">{draft.title || 'Your title'}</p>
            <p className="line-clamp-3 text-sm break-words text-ink-600">{draft.message || 'Your message appears here.'}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Past broadcasts, newest first. */
export function BroadcastHistory() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const history = useQuery(trpc.admin.listBroadcasts.queryOptions({ page, limit: 10 }));
  const list = history.data?.broadcasts ?? [];
  return (
    <section>
      <h2 className="mb-3 text-lg font-semibold text-ink-900">Sent broadcasts</h2>
      <QueryState query={history} isEmpty={list.length === 0} emptyTitle="Nothing sent yet" emptyDescription="Broadcasts you send are listed here with how many accounts received them.">
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

export function BroadcastCard({ title, description, preview, pushDefault }: { title: string; description: string; preview?: boolean; pushDefault?: boolean }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <BroadcastForm preview={preview} pushDefault={pushDefault} />
    </Card>
  );
}
