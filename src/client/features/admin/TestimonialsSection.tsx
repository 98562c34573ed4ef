import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createTestimonialInput, type TestimonialWire } from '../../../shared/schemas/discovery';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';
import { QueryState } from './DataTable';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';

interface Form {
  name: string;
  title: string;
  content: string;
  rating: string;
  avatar: string;
}
const EMPTY: Form = { name: '', title: '', content: '', rating: '5', avatar: '' };

function TestimonialModal({ open, editing, onClose }: { open: boolean; editing: TestimonialWire | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.testimonials.createTestimonials.mutationOptions());
  const update = useMutation(trpc.testimonials.updateTestimonial.mutationOptions());
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setForm(editing ? { name: editing.name, title: editing.title, content: editing.content, rating: String(editing.rating), avatar: editing.avatar ?? '' } : EMPTY);
  }, [open, editing]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTestimonialInput.safeParse({ ...form, rating: Number(form.rating) });
    if (!parsed.success) {
      setError(readableMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      if (editing) await update.mutateAsync({ id: editing._id, ...parsed.data, avatar: parsed.data.avatar ?? null });
      else await create.mutateAsync(parsed.data);
      toast.success(editing ? 'Testimonial updated.' : 'Testimonial added to the home page.');
      await queryClient.invalidateQueries({ queryKey: trpc.testimonials.getTestimonials.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not save the testimonial.'));
    }
  };

  const busy = create.isPending || update.isPending;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={editing ? 'Edit testimonial' : 'New testimonial'}
      testId="testimonial-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="testimonial-form" loading={busy} data-testid="testimonial-save">
            Save
          </Button>
        </>
      }
    >
      <form id="testimonial-form" noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700 sm:col-span-2">
            {error}
          </p>
        )}
        <Input id="testimonial-name" label="Customer name" required value={form.name} onChange={(e) => set('name', e.target.value)} />
        <Select id="testimonial-rating" label="Rating" value={form.rating} options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` }))} onChange={(e) => set('rating', e.target.value)} />
        <Input id="testimonial-title" label="Headline" required value={form.title} onChange={(e) => set('title', e.target.value)} containerClassName="sm:col-span-2" />
        <Textarea id="testimonial-content" label="What they said" required rows={4} value={form.content} onChange={(e) => set('content', e.target.value)} containerClassName="sm:col-span-2" />
        <Input id="testimonial-avatar" label="Photo URL (optional)" value={form.avatar} onChange={(e) => set('avatar', e.target.value)} containerClassName="sm:col-span-2" />
      </form>
    </Modal>
  );
}

/** The customer quotes on the home page. */
export function TestimonialsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const testimonials = useQuery(trpc.testimonials.getTestimonials.queryOptions());
  const remove = useMutation(trpc.testimonials.deleteTestimonial.mutationOptions());
  const [modal, setModal] = useState<{ open: boolean; editing: TestimonialWire | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<TestimonialWire | null>(null);
  const list = testimonials.data ?? [];

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ id: toDelete._id });
      toast.success('Testimonial deleted.');
      await queryClient.invalidateQueries({ queryKey: trpc.testimonials.getTestimonials.queryKey() });
    } catch (err) {
      toast.error(errorMessage(err, 'Could not delete the testimonial.'));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Card id="testimonials">
      <CardHeader
        title="Testimonials"
        description="Customer quotes shown on the home page."
        action={
          <Button size="sm" onClick={() => setModal({ open: true, editing: null })} data-testid="add-testimonial">
            Add
          </Button>
        }
      />
      <QueryState query={testimonials} isEmpty={list.length === 0} emptyTitle="No testimonials" emptyDescription="The home page hides the section until there is one.">
        <ul className="grid gap-3 md:grid-cols-2" data-testid="testimonial-list">
          {list.map((t) => (
            <li key={t._id} className="flex flex-col gap-2 rounded-xl border border-blush-200 p-4" data-testid="testimonial-item">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-ink-900">{t.title}</p>
                  <p className="text-xs text-ink-500">
                    {t.name} · <span aria-label={`${t.rating} of 5 stars`}>{'★'.repeat(t.rating)}</span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button size="sm" variant="ghost" onClick={() => setModal({ open: true, editing: t })} aria-label={`Edit testimonial by ${t.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50" onClick={() => setToDelete(t)} aria-label={`Delete testimonial by ${t.name}`}>
                    Delete
                  </Button>
                </div>
              </div>
              <p className="line-clamp-3 text-sm text-ink-600">{t.content}</p>
            </li>
          ))}
        </ul>
      </QueryState>
      <TestimonialModal open={modal.open} editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete testimonial?"
        message={toDelete && <p>The quote by {toDelete.name} disappears from the home page.</p>}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}
