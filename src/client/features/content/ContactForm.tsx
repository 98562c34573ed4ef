import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { CONTACT_TYPES, createContactUsInput } from '../../../shared/schemas/content';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { sessionAtom } from '../../state/session';
import { errorMessage, useTRPC, readableMessage } from '../../trpc';

type Form = { name: string; email: string; subject: string; message: string; type: (typeof CONTACT_TYPES)[number] };
type Errors = Partial<Record<keyof Form, string>>;

/** The contact form (stored as a support message, answered by the team on /admin/feedback). */
export function ContactForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const send = useMutation(trpc.support.createContactUs.mutationOptions());
  const [f, setF] = useState<Form>({ name: session.user ? `${session.user.firstName ?? ''} ${session.user.lastName ?? ''}`.trim() : '', email: session.user?.email ?? '', subject: '', message: '', type: 'General' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = createContactUsInput.safeParse(f);
    if (!parsed.success) {
      const next: Errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as keyof Form] ??= readableMessage(i.message);
      return setErrors(next);
    }
    setErrors({});
    try {
      const r = await send.mutateAsync(parsed.data);
      setDone(r.message);
      setF((x) => ({ ...x, subject: '', message: '' }));
      void queryClient.invalidateQueries({ queryKey: trpc.support.getSupportMessages.queryKey() });
    } catch (err) {
      setFailure(errorMessage(err, 'Could not send your message. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid="contact-form">
      {done && (
        <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="contact-done">
          {done} We have sent a confirmation to your e-mail.
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input id="contact-name" label="Your name" required value={f.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
        <Input id="contact-email" label="E-mail" type="email" required value={f.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />
      </div>
      <Select id="contact-type" label="Topic" value={f.type} options={CONTACT_TYPES.filter((t) => t !== 'Merchant Support').map((t) => ({ value: t, label: t }))} onChange={(e) => set('type', e.target.value as Form['type'])} />
      <Input id="contact-subject" label="Subject" required value={f.subject} error={errors.subject} onChange={(e) => set('subject', e.target.value)} />
      <Textarea id="contact-message" label="Message" required rows={5} maxLength={4000} value={f.message} error={errors.message} hint="Add your booking date and salon if it is about a booking." onChange={(e) => set('message', e.target.value)} />
      <div>
        <Button type="submit" loading={send.isPending} loadingText="Sending…" data-testid="contact-send">
          Send message
        </Button>
      </div>
    </form>
  );
}
