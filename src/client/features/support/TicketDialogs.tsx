import { useAtomValue } from 'jotai';
import { createContactUsInput } from '../../../shared/schemas/content';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { sessionAtom } from '../../state/session';
import { trpc } from '../../trpc';

type Kind = 'ticket' | 'contact';

/**
 * New Ticket (subject, category, description, priority) and Contact Us (subject, message) for salon
 * owners: both are support/createContactUs with type Merchant Support; a ticket adds category and priority.
 */
export function SupportDialog({ kind, merchantId, onClose }: { kind: Kind; merchantId: string | null; onClose: () => void }) {
  const session = useAtomValue(sessionAtom);
  const form = useZodForm(createContactUsInput, {
    defaultValues: {
      name: session.user ? `${session.user.firstName ?? ''} ${session.user.lastName ?? ''}`.trim() || 'Salon owner' : '',
      email: session.user?.email ?? '',
      subject: '',
      message: '',
      type: 'Merchant Support',
      merchantId: merchantId ?? '',
      // A contact message has neither (blank is left out).
      category: kind === 'ticket' ? 'technical' : '',
      priority: kind === 'ticket' ? 'medium' : '',
    },
  });
  const create = trpc.support.createContactUs.useMutation({
    meta: {
      successToast: kind === 'ticket' ? 'Ticket created successfully!' : 'Your message has been sent successfully!',
      invalidates: ['support.getSupportMessages'],
    },
    onSuccess: onClose,
    onError: serverErrorsTo(
      form,
      kind === 'ticket' ? 'Failed to create ticket. Please try again.' : 'There was an error sending your message. Please try again later.',
    ),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => create.mutate(input));
  return (
    <Modal open onClose={onClose} title={kind === 'ticket' ? 'New Ticket' : 'Contact Us'} size="md" testId={`${kind}-dialog`}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormError message={errors.root?.server?.message} />
        {kind === 'contact' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Input id="support-name" label="Name" required {...form.register('name')} error={errors.name?.message} />
            <Input id="support-email" label="Email" type="email" required {...form.register('email')} error={errors.email?.message} />
          </div>
        )}
        <Input id="support-subject" label="Subject" required {...form.register('subject')} error={errors.subject?.message} />
        {kind === 'ticket' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              id="support-category"
              label="Category"
              {...form.register('category')}
              options={[
                { value: 'account', label: 'Account' },
                { value: 'billing', label: 'Billing' },
                { value: 'technical', label: 'Technical' },
                { value: 'other', label: 'Other' },
              ]}
            />
            <Select
              id="support-priority"
              label="Priority"
              {...form.register('priority')}
              options={[
                { value: 'low', label: 'Low' },
                { value: 'medium', label: 'Medium' },
                { value: 'high', label: 'High' },
              ]}
            />
          </div>
        )}
        <Textarea
          id="support-message"
          label={kind === 'ticket' ? 'Description' : 'Message'}
          required
          rows={5}
          {...form.register('message')}
          error={errors.message?.message}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} data-testid={`${kind}-submit`}>
            {kind === 'ticket' ? 'Create Ticket' : 'Send Message'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
