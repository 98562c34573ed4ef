import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { bookingReference } from '../../../shared/bookingReference';
import { type FEEDBACK_KINDS, FEEDBACK_STATUSES, feedbackReplyInput, type feedbackWire } from '../../../shared/schemas/admin';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Tabs } from '../../components/ui/Tabs';
import { Textarea } from '../../components/ui/Textarea';
import { AdminPage } from '../../features/admin/AdminPage';
import { Pagination, QueryState } from '../../features/admin/DataTable';
import { formatDateTime } from '../../features/admin/format';
import { useDebounced } from '../../features/admin/useDebounced';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';

type Message = z.infer<typeof feedbackWire>;
type Kind = 'all' | (typeof FEEDBACK_KINDS)[number];
type Status = (typeof FEEDBACK_STATUSES)[number];

const STATUS_TONES: Record<Status, BadgeTone> = { open: 'warning', pending: 'info', closed: 'neutral' };
const STATUS_LABELS: Record<Status, string> = { open: 'Open', pending: 'Answered', closed: 'Closed' };
const LIMIT = 15;

/** The answer to one message, sent by e-mail; the page mounts it while open, so each opening starts empty. */
function ReplyModal({ message, onClose }: { message: Message; onClose: () => void }) {
  const form = useZodForm(feedbackReplyInput, { defaultValues: { id: message._id, reply: '' } });
  const { errors } = form.formState;
  const reply = trpc.admin.replyFeedback.useMutation({
    meta: {
      invalidates: ['admin.listFeedback'],
      successToast: ({ message: answered }: { message: { email: string } }) => `Reply sent to ${answered.email}.`,
    },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Could not send the reply.'),
  });
  const submit = form.handleSubmit((input) => reply.mutate(input));

  return (
    <Modal
      open
      onClose={onClose}
      title={`Reply to ${message.name}`}
      description={`Sent by e-mail to ${message.email}.`}
      size="lg"
      testId="reply-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={reply.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="reply-form" loading={reply.isPending} loadingText="Sending…" data-testid="reply-send">
            Send reply
          </Button>
        </>
      }
    >
      <form id="reply-form" noValidate onSubmit={submit} className="space-y-4">
        <FormError message={errors.root?.server?.message} />
        <blockquote className="rounded-xl bg-blush-50 px-4 py-3 text-sm whitespace-pre-wrap text-ink-700">
          <p className="mb-1 font-semibold text-ink-900">{message.subject}</p>
          {message.message}
        </blockquote>
        <Textarea
          id="reply-text"
          label="Your reply"
          required
          rows={6}
          maxLength={5000}
          {...form.register('reply')}
          error={errors.reply?.message}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

export default function Feedback() {
  const [kind, setKind] = useState<Kind>('all');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<Message | null>(null);
  const term = useDebounced(search.trim());
  const feedback = trpc.admin.listFeedback.useQuery(
    {
      kind: kind === 'all' ? undefined : kind,
      status: (status || undefined) as Status | undefined,
      search: term || undefined,
      page,
      limit: LIMIT,
    },
    { placeholderData: keepPreviousData },
  );
  const close = trpc.admin.closeFeedback.useMutation({
    meta: { successToast: 'Closed.', errorToast: 'Could not close this message.', invalidates: ['admin.listFeedback'] },
  });
  const onClose = (m: Message) => close.mutate({ id: m._id });

  const list = feedback.data?.messages ?? [];

  return (
    <AdminPage
      title="Feedback"
      description="Contact-form messages and support tickets. Replies go to the sender by e-mail; signed-in senders also get an in-app notice."
    >
      <Tabs
        idPrefix="feedback-kind"
        label="Kind"
        variant="underline"
        items={[
          { id: 'all', label: 'All' },
          { id: 'contact', label: 'Contact messages' },
          { id: 'ticket', label: 'Support tickets' },
        ]}
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Input
          label="Search"
          type="search"
          placeholder="Name, e-mail or subject"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          value={status}
          placeholder="Any status"
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        />
      </div>

      <QueryState
        query={feedback}
        isEmpty={list.length === 0}
        emptyTitle="No messages here"
        emptyDescription="Messages from the contact page and support tickets appear here."
      >
        <ul className="space-y-3" data-testid="feedback-list">
          {list.map((m) => (
            <li key={m._id}>
              <Card data-testid="feedback-item">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={STATUS_TONES[m.status]}>{STATUS_LABELS[m.status]}</Badge>
                      <Badge tone={m.kind === 'ticket' ? 'brand' : 'neutral'}>{m.kind === 'ticket' ? 'Ticket' : 'Contact'}</Badge>
                      {m.bookingId && (
                        <Badge tone="warning" data-testid="feedback-type">
                          {m.type}
                        </Badge>
                      )}
                      {m.category && <Badge>{m.category}</Badge>}
                      {m.priority && <Badge tone={m.priority.toLowerCase() === 'high' ? 'danger' : 'neutral'}>{m.priority} priority</Badge>}
                    </div>
                    <h3 className="mt-2 font-semibold break-words text-ink-900">{m.subject}</h3>
                    <p className="text-xs text-ink-500">
                      {m.name} · {m.email} · {formatDateTime(m.createdAt)}
                    </p>
                    {m.bookingId && (
                      <p className="font-mono text-xs text-ink-500" title={m.bookingId} data-testid="feedback-booking">
                        Booking {bookingReference(m.bookingId)}
                      </p>
                    )}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    {m.status !== 'closed' && (
                      <>
                        <Button size="sm" onClick={() => setReplying(m)} data-testid="reply-feedback">
                          {m.reply ? 'Replace reply' : 'Reply'}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => void onClose(m)}
                          loading={close.isPending && close.variables?.id === m._id}
                          data-testid="close-feedback"
                        >
                          Close
                        </Button>
                      </>
                    )}
                  </div>
                </div>
                <p className="mt-3 text-sm whitespace-pre-wrap text-ink-700">{m.message}</p>
                {m.reply && (
                  <div className="mt-3 rounded-xl border-l-4 border-plum-300 bg-plum-50/60 px-4 py-2.5 text-sm">
                    <p className="mb-1 text-xs font-semibold text-plum-800">
                      Our reply{m.repliedAt ? ` · ${formatDateTime(m.repliedAt)}` : ''}
                    </p>
                    <p className="whitespace-pre-wrap text-ink-700">{m.reply}</p>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
        <Pagination page={page} limit={LIMIT} total={feedback.data?.total ?? 0} onPage={setPage} />
      </QueryState>

      {replying && <ReplyModal message={replying} onClose={() => setReplying(null)} />}
    </AdminPage>
  );
}
