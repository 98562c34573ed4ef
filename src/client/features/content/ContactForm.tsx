import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { CONTACT_TYPES, createContactUsInput } from '../../../shared/schemas/content';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { sessionAtom } from '../../state/session';
import { trpc } from '../../trpc';

/** The contact form (stored as a support message, answered by the team on /admin/feedback). */
export function ContactForm() {
  const session = useAtomValue(sessionAtom);
  const form = useZodForm(createContactUsInput, {
    defaultValues: {
      name: session.user ? `${session.user.firstName ?? ''} ${session.user.lastName ?? ''}`.trim() : '',
      email: session.user?.email ?? '',
      subject: '',
      message: '',
      type: 'General',
    },
  });
  const { errors } = form.formState;
  const [done, setDone] = useState<string | null>(null);
  const send = trpc.support.createContactUs.useMutation({
    meta: { invalidates: ['support.getSupportMessages'] },
    onSuccess: (r) => {
      setDone(r.message);
      form.reset({ ...form.getValues(), subject: '', message: '' });
    },
    onError: serverErrorsTo(form, 'Could not send your message. Please try again.'),
  });
  const submit = form.handleSubmit((input) => send.mutate(input));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid="contact-form">
      {done && (
        <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="contact-done">
          {done} We have sent a confirmation to your e-mail.
        </p>
      )}
      <FormError message={errors.root?.server?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id="contact-name" label="Your name" required {...form.register('name')} error={errors.name?.message} />
        <Input id="contact-email" label="E-mail" type="email" required {...form.register('email')} error={errors.email?.message} />
      </div>
      <Select
        id="contact-type"
        label="Topic"
        {...form.register('type')}
        options={CONTACT_TYPES.filter((t) => t !== 'Merchant Support').map((t) => ({ value: t, label: t }))}
      />
      <Input id="contact-subject" label="Subject" required {...form.register('subject')} error={errors.subject?.message} />
      <Textarea
        id="contact-message"
        label="Message"
        required
        rows={5}
        maxLength={4000}
        {...form.register('message')}
        error={errors.message?.message}
        hint="Add your booking date and salon if it is about a booking."
      />
      <div>
        <Button type="submit" loading={send.isPending} loadingText="Sending…" data-testid="contact-send">
          Send message
        </Button>
      </div>
    </form>
  );
}
