import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  type ClientNoteWire,
  type ClientPhotoWire,
  type ClientRecordWire,
  NOTE_MAX,
  PATCH_TESTS,
  type PatchTest,
  TAG_MAX,
} from '../../../shared/schemas/clients';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { formatINR } from '../../features/booking/format';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { ClientFlagBadges } from '../../features/clients/flags';
import { MB, readFileAsDataUrl, uploadClient } from '../../features/shop/api';
import { longDate, longDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { errorMessage, trpc } from '../../trpc';

const PATCH_LABELS: Record<PatchTest, string> = { none: 'Not done', passed: 'Passed', failed: 'Failed (do not apply)' };
const PAYMENT_LABELS: Record<string, string> = { pay_at_salon: 'at the salon', wallet: 'GlowBook wallet' };

/** Allergies, patch test and tags: what every booking card of this client shows. */
function FlagsForm({ record, scope }: { record: ClientRecordWire; scope: Scope }) {
  const [allergies, setAllergies] = useState(record.flags.allergies);
  const [patchTest, setPatchTest] = useState<PatchTest>(record.flags.patchTest);
  const [patchTestOn, setPatchTestOn] = useState(record.flags.patchTestOn ?? '');
  const [tags, setTags] = useState(record.flags.tags.join(', '));
  const [error, setError] = useState<string | null>(null);
  const save = trpc.clients.updateProfile.useMutation({
    meta: { successToast: answerMessage, invalidates: ['clients'] },
    onError: (e) => setError(errorMessage(e, 'Could not save the client details.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({
      ...scope,
      allergies,
      patchTest,
      patchTestOn: patchTest === 'none' ? null : patchTestOn || null,
      tags: tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    });
  };
  return (
    <Card data-testid="client-flags-card">
      <h2 className="mb-1 font-semibold text-ink-900">Allergies, patch test and tags</h2>
      <p className="mb-3 text-xs text-ink-500">Shown on every booking card of this client in the calendar and the booking lists.</p>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <Input
          label="Allergies"
          value={allergies}
          maxLength={500}
          placeholder="e.g. PPD (hair dye), latex"
          onChange={(e) => setAllergies(e.target.value)}
          data-testid="client-allergies"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label="Patch test"
            value={patchTest}
            options={PATCH_TESTS.map((p) => ({ value: p, label: PATCH_LABELS[p] }))}
            onChange={(e) => setPatchTest(e.target.value as PatchTest)}
            data-testid="client-patch-test"
          />
          {patchTest !== 'none' && (
            <Input
              label="Patch test date"
              type="date"
              value={patchTestOn}
              onChange={(e) => setPatchTestOn(e.target.value)}
              required
              data-testid="client-patch-test-on"
            />
          )}
        </div>
        <Input
          label="Tags"
          hint={`Separated by commas, at most ${TAG_MAX}`}
          value={tags}
          placeholder="e.g. VIP, colour client"
          onChange={(e) => setTags(e.target.value)}
          data-testid="client-tags"
        />
        {error && (
          <p role="alert" className="text-sm text-red-700" data-testid="client-flags-error">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" loading={save.isPending} data-testid="client-flags-save">
            Save details
          </Button>
        </div>
      </form>
    </Card>
  );
}

function NoteEditor({ scope, revises, initial, onDone }: { scope: Scope; revises?: string; initial?: string; onDone?: () => void }) {
  const [body, setBody] = useState(initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const add = trpc.clients.addNote.useMutation({
    meta: { successToast: answerMessage, invalidates: ['clients.getRecord'] },
    onSuccess: () => {
      setBody('');
      onDone?.();
    },
    onError: (e) => setError(errorMessage(e, 'Could not save the note.')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!body.trim()) return setError('Write the note first.');
    add.mutate({ ...scope, body, revises });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" data-testid={revises ? 'note-edit-form' : 'note-add-form'}>
      <Textarea
        label={revises ? 'Edit note' : 'New note'}
        hideLabel={!!revises}
        rows={3}
        maxLength={NOTE_MAX}
        value={body}
        placeholder="Colour formula, preferences, what was discussed…"
        onChange={(e) => setBody(e.target.value)}
        error={error ?? undefined}
        data-testid={revises ? 'note-edit-body' : 'note-body'}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={add.isPending} data-testid={revises ? 'note-edit-save' : 'note-add'}>
          {revises ? 'Save as new version' : 'Add note'}
        </Button>
        {onDone && (
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Note({ note, scope }: { note: ClientNoteWire; scope: Scope }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="py-3" data-testid="client-note">
      {editing ? (
        <NoteEditor scope={scope} revises={note._id} initial={note.body} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="text-sm whitespace-pre-wrap text-ink-900" data-testid="note-text">
            {note.body}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
            <span data-testid="note-author">
              {note.authorName} · {longDateTime(note.createdAt)}
              {note.history.length > 0 && ' (edited)'}
            </span>
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} data-testid="note-edit">
              Edit
            </Button>
          </div>
        </>
      )}
      {note.history.length > 0 && (
        <details className="mt-2 rounded-lg bg-blush-50 px-3 py-2 text-xs" data-testid="note-history">
          <summary className="cursor-pointer font-medium text-ink-700">
            {note.history.length} earlier version{note.history.length === 1 ? '' : 's'}
          </summary>
          <ol className="mt-2 space-y-2">
            {note.history.map((v) => (
              <li key={v._id} className="border-l-2 border-blush-200 pl-2">
                <p className="whitespace-pre-wrap text-ink-700">{v.body}</p>
                <p className="text-ink-500">
                  {v.authorName} · {longDateTime(v.createdAt)}
                </p>
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

/** A private photo: its bytes come from the salon's own authenticated call, never a public URL. */
function PrivatePhoto({ photo, scope }: { photo: ClientPhotoWire; scope: Scope }) {
  const q = trpc.clients.getPhoto.useQuery({ merchantId: scope.merchantId, photoId: photo._id }, { staleTime: Number.POSITIVE_INFINITY });
  const remove = trpc.clients.deletePhoto.useMutation({ meta: { successToast: answerMessage, invalidates: ['clients.getRecord'] } });
  const label = `${photo.kind === 'before' ? 'Before' : 'After'}${photo.caption ? `: ${photo.caption}` : ''}, ${longDate(photo.createdAt)}`;
  return (
    <figure className="overflow-hidden rounded-xl border border-blush-200" data-testid="client-photo">
      {q.data ? (
        <img
          src={q.data.data.dataUrl}
          alt={label}
          width={photo.width}
          height={photo.height}
          className="aspect-square w-full bg-blush-50 object-cover"
        />
      ) : (
        <Skeleton className="aspect-square w-full" />
      )}
      <figcaption className="flex items-start justify-between gap-1 p-2 text-xs">
        <span className="min-w-0">
          <Badge tone={photo.kind === 'before' ? 'neutral' : 'success'}>{photo.kind === 'before' ? 'Before' : 'After'}</Badge>
          {photo.caption && <span className="mt-1 block truncate text-ink-700">{photo.caption}</span>}
          <span className="block text-ink-500">{longDate(photo.createdAt)}</span>
        </span>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          aria-label={`Delete photo: ${label}`}
          loading={remove.isPending}
          onClick={() => remove.mutate({ merchantId: scope.merchantId, photoId: photo._id })}
        >
          Delete
        </Button>
      </figcaption>
    </figure>
  );
}

function PhotoUpload({ scope }: { scope: Scope }) {
  const utils = trpc.useUtils();
  const [kind, setKind] = useState<'before' | 'after'>('before');
  const [caption, setCaption] = useState('');
  const [busy, setBusy] = useState(false);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 10 * MB) return toast.error('The photo must be less than 10MB.');
    setBusy(true);
    try {
      const answer = await uploadClient.clients.addPhoto.mutate({ ...scope, kind, caption, dataUrl: await readFileAsDataUrl(file) });
      toast.success(answer.message);
      setCaption('');
      await utils.clients.getRecord.invalidate();
    } catch (e) {
      toast.error(errorMessage(e, 'Could not upload the photo.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
      <Select
        label="Photo"
        value={kind}
        options={[
          { value: 'before', label: 'Before' },
          { value: 'after', label: 'After' },
        ]}
        onChange={(e) => setKind(e.target.value as 'before' | 'after')}
        data-testid="photo-kind"
      />
      <Input label="Caption" value={caption} maxLength={200} onChange={(e) => setCaption(e.target.value)} data-testid="photo-caption" />
      <label className="inline-flex h-10 cursor-pointer items-center justify-center rounded-xl bg-plum-700 px-4 text-sm font-semibold text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-plum-600 hover:bg-plum-800">
        {busy ? 'Uploading…' : 'Upload photo'}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={busy}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="photo-file"
        />
      </label>
    </div>
  );
}

function Visits({ record }: { record: ClientRecordWire }) {
  if (record.visits.length === 0) return <p className="text-sm text-ink-500">No visits yet.</p>;
  return (
    <ul className="divide-y divide-blush-100" data-testid="client-visits">
      {record.visits.map((v) => (
        <li key={v._id} className="flex flex-wrap items-start justify-between gap-2 py-2.5 text-sm" data-testid="client-visit">
          <div className="min-w-0">
            <p className="font-medium text-ink-900">
              {longDate(v.date)}
              {v.time ? ` · ${v.time}` : ''}
            </p>
            <p className="text-ink-700">
              {v.kind === 'counter' ? 'Counter visit' : v.services.map((s) => `${s.name} (${formatINR(s.price)})`).join(', ') || '—'}
              {v.professional ? ` · with ${v.professional}` : ''}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <StatusBadge status={v.status} />
            {v.total !== null && (
              <span className="text-xs text-ink-700">
                {formatINR(v.total)} · paid {formatINR(v.paid)}
                {v.paid > 0 && v.paymentMethod ? ` ${PAYMENT_LABELS[v.paymentMethod] ?? v.paymentMethod}` : ''}
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

type Scope = { merchantId: string | undefined; clientKey: string };

/** One client's private record at the salon: flags, notes with history, photos and visits. */
export default function ClientRecord() {
  const { key = '' } = useParams<{ key: string }>();
  const clientKey = decodeURIComponent(key);
  const { merchantId, isAdmin } = useDeskMerchant();
  const scope: Scope = { merchantId: isAdmin ? (merchantId ?? undefined) : undefined, clientKey };
  const q = trpc.clients.getRecord.useQuery(scope, { enabled: !!merchantId && !!clientKey });
  const r = q.data?.data;
  usePageTitle(r ? `${r.name}: client record` : 'Client record');
  const back = isAdmin && merchantId ? `/merchant/customers?merchantId=${merchantId}` : '/merchant/customers';
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Client record"
        title={r?.name ?? 'Client'}
        description={
          r ? [r.email, r.phone, r.source === 'walk-in' ? 'Desk contact' : 'GlowBook customer'].filter(Boolean).join(' · ') : undefined
        }
        actions={
          <Link href={back} className="text-sm font-semibold text-plum-700 underline underline-offset-2">
            All customers
          </Link>
        }
      />
      {q.isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : q.isError ? (
        <LoadError title="Could not open this client record" description={errorMessage(q.error, 'Please try again.')} onRetry={q.refetch} />
      ) : !r ? (
        <EmptyState title="No such client" description="This person has not booked your salon." />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <ClientFlagBadges flags={r.flags} />
            <FlagsForm key={`${r.flags.allergies}|${r.flags.patchTest}|${r.flags.tags.join()}`} record={r} scope={scope} />
            <Card data-testid="client-notes">
              <h2 className="mb-3 font-semibold text-ink-900">Notes</h2>
              <NoteEditor scope={scope} />
              {r.notes.length === 0 ? (
                <p className="mt-3 text-sm text-ink-500">No notes yet.</p>
              ) : (
                <ul className="mt-2 divide-y divide-blush-100">
                  {r.notes.map((n) => (
                    <Note key={n._id} note={n} scope={scope} />
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <div className="space-y-6">
            <Card data-testid="client-photos">
              <h2 className="mb-1 font-semibold text-ink-900">Before and after photos</h2>
              <p className="mb-3 text-xs text-ink-500">Private to your salon: never shown to customers or on any public page.</p>
              <PhotoUpload scope={scope} />
              {r.photos.length > 0 && (
                <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {r.photos.map((p) => (
                    <PrivatePhoto key={p._id} photo={p} scope={scope} />
                  ))}
                </div>
              )}
            </Card>
            <Card data-testid="client-visits-card">
              <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold text-ink-900">Visits</h2>
                <p className="text-xs text-ink-500" data-testid="client-totals">
                  {r.totals.visits} visit{r.totals.visits === 1 ? '' : 's'} · {formatINR(r.totals.spent)} paid
                </p>
              </div>
              <Visits record={r} />
            </Card>
          </div>
        </div>
      )}
    </PageContainer>
  );
}
