import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { sessionAtom } from '../../state/session';
import { errorMessage, useTRPC } from '../../trpc';

type Kind = 'ticket' | 'contact';

/**
 * New Ticket (subject, category, description, priority) and Contact Us (subject, message) for salon
 * owners: both are support/createContactUs with type Merchant Support; a ticket adds category and priority.
 */
export function SupportDialog({ kind, merchantId, onClose }: { kind: Kind; merchantId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const create = useMutation(trpc.support.createContactUs.mutationOptions());
  const [f, setF] = useState({ name: session.user ? `${session.user.firstName ?? ''} ${session.user.lastName ?? ''}`.trim() || 'Salon owner' : '', email: session.user?.email ?? '', subject: '', message: '', category: 'technical', priority: 'medium' });
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = !f.subject.trim() || !f.message.trim() || (kind === 'contact' && (!f.name.trim() || !f.email.trim()));
    if (missing) return setError('Please fill in all required fields.');
    try {
      await create.mutateAsync({
        name: f.name,
        email: f.email,
        subject: f.subject,
        message: f.message,
        type: 'Merchant Support',
        merchantId: merchantId ?? undefined,
        ...(kind === 'ticket' ? { category: f.category as 'technical', priority: f.priority as 'medium' } : {}),
      });
      toast.success(kind === 'ticket' ? 'Ticket created successfully!' : 'Your message has been sent successfully!');
      await queryClient.invalidateQueries({ queryKey: trpc.support.getSupportMessages.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, kind === 'ticket' ? 'Failed to create ticket. Please try again.' : 'There was an error sending your message. Please try again later.'));
    }
  };
  return (
    <Modal open onClose={onClose} title={kind === 'ticket' ? 'New Ticket' : 'Contact Us'} size="md" testId={`${kind}-dialog`}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        {error && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        {kind === 'contact' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Input id="support-name" label="Name" required value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />
            <Input id="support-email" label="Email" type="email" required value={f.email} onChange={(e) => setF({ ...f, email: e.target.value })} />
          </div>
        )}
        <Input id="support-subject" label="Subject" required value={f.subject} onChange={(e) => setF({ ...f, subject: e.target.value })} />
        {kind === 'ticket' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              id="support-category"
              label="Category"
              value={f.category}
              options={[
                { value: 'account', label: 'Account' },
                { value: 'billing', label: 'Billing' },
                { value: 'technical', label: 'Technical' },
                { value: 'other', label: 'Other' },
              ]}
              onChange={(e) => setF({ ...f, category: e.target.value })}
            />
            <Select
              id="support-priority"
              label="Priority"
              value={f.priority}
              options={[
                { value: 'low', label: 'Low' },
                { value: 'medium', label: 'Medium' },
                { value: 'high', label: 'High' },
              ]}
              onChange={(e) => setF({ ...f, priority: e.target.value })}
            />
          </div>
        )}
        <Textarea id="support-message" label={kind === 'ticket' ? 'Description' : 'Message'} required rows={5} value={f.message} onChange={(e) => setF({ ...f, message: e.target.value })} />
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
