import { useState } from 'react';
import { createTestimonialInput, type TestimonialWire } from '../../../shared/schemas/discovery';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { QueryState } from './DataTable';

const EMPTY = { name: '', title: '', content: '', rating: '5', avatar: '' };

/** New or edited testimonial; the owner mounts it while open, so each opening starts from `editing`. */
function TestimonialModal({ editing, onClose }: { editing: TestimonialWire | null; onClose: () => void }) {
  const form = useZodForm(createTestimonialInput, {
    defaultValues: editing
      ? { name: editing.name, title: editing.title, content: editing.content, rating: String(editing.rating), avatar: editing.avatar ?? '' }
      : EMPTY,
  });
  const { errors } = form.formState;
  const saved = { onSuccess: onClose, onError: serverErrorsTo(form, 'Could not save the testimonial.') };
  const invalidates = ['testimonials.getTestimonials'] as const;
  const create = trpc.testimonials.createTestimonials.useMutation({
    meta: { invalidates, successToast: 'Testimonial added to the home page.' },
    ...saved,
  });
  const update = trpc.testimonials.updateTestimonial.useMutation({ meta: { invalidates, successToast: 'Testimonial updated.' }, ...saved });
  const submit = form.handleSubmit((input) => {
    if (editing) update.mutate({ id: editing._id, ...input, avatar: input.avatar ?? null });
    else create.mutate(input);
  });

  const busy = create.isPending || update.isPending;
  return (
    <Modal
      open
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
        <FormError message={errors.root?.server?.message} className="sm:col-span-2" />
        <Input id="testimonial-name" label="Customer name" required {...form.register('name')} error={errors.name?.message} />
        <Select
          id="testimonial-rating"
          label="Rating"
          options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` }))}
          {...form.register('rating')}
          error={errors.rating?.message}
        />
        <Input
          id="testimonial-title"
          label="Headline"
          required
          {...form.register('title')}
          error={errors.title?.message}
          containerClassName="sm:col-span-2"
        />
        <Textarea
          id="testimonial-content"
          label="What they said"
          required
          rows={4}
          {...form.register('content')}
          error={errors.content?.message}
          containerClassName="sm:col-span-2"
        />
        <Input
          id="testimonial-avatar"
          label="Photo URL (optional)"
          {...form.register('avatar')}
          error={errors.avatar?.message}
          containerClassName="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}

/** The customer quotes on the home page. */
export function TestimonialsSection() {
  const testimonials = trpc.testimonials.getTestimonials.useQuery();
  const remove = trpc.testimonials.deleteTestimonial.useMutation({
    meta: {
      successToast: 'Testimonial deleted.',
      errorToast: 'Could not delete the testimonial.',
      invalidates: ['testimonials.getTestimonials'],
    },
  });
  const [modal, setModal] = useState<{ open: boolean; editing: TestimonialWire | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<TestimonialWire | null>(null);
  const list = testimonials.data ?? [];

  const onDelete = () => {
    if (toDelete) remove.mutate({ id: toDelete._id }, { onSettled: () => setToDelete(null) });
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
      <QueryState
        query={testimonials}
        isEmpty={list.length === 0}
        emptyTitle="No testimonials"
        emptyDescription="The home page hides the section until there is one."
      >
        <ul className="grid gap-3 md:grid-cols-2" data-testid="testimonial-list">
          {list.map((t) => (
            <li key={t._id} className="flex flex-col gap-2 rounded-xl border border-blush-200 p-4" data-testid="testimonial-item">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-ink-900">{t.title}</p>
                  <p className="text-xs text-ink-500">
                    {t.name} ·{' '}
                    <span role="img" aria-label={`${t.rating} of 5 stars`}>
                      {'★'.repeat(t.rating)}
                    </span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setModal({ open: true, editing: t })}
                    aria-label={`Edit testimonial by ${t.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600 hover:bg-red-50"
                    onClick={() => setToDelete(t)}
                    aria-label={`Delete testimonial by ${t.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </div>
              <p className="line-clamp-3 text-sm text-ink-600">{t.content}</p>
            </li>
          ))}
        </ul>
      </QueryState>
      {modal.open && <TestimonialModal editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} />}
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
