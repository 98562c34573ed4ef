import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { newsletterInput } from '../../../shared/schemas/discovery';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { NewsletterView } from './NewsletterView';

const SUCCESS_VISIBLE_MS = 3000;

/** What the placeholder form had when this one took its place (LazyNewsletterForm). */
export interface NewsletterStart {
  email: string;
  /** The e-mail field had the focus. */
  focus: boolean;
  /** The placeholder was submitted: submit (and so validate) at once. */
  submit: boolean;
}

export interface NewsletterFormProps {
  tone?: 'dark' | 'light';
  className?: string;
  start?: NewsletterStart;
}

/** Newsletter sign-up (newsletter.subscribe): the server checks the address with the same schema and words. */
export function NewsletterForm({ tone = 'dark', className, start }: NewsletterFormProps) {
  const inputId = useId();
  const form = useZodForm(newsletterInput, { defaultValues: { email: start?.email ?? '' } });
  const [success, setSuccess] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<NewsletterStart | null>(null);
  const subscribe = trpc.newsletter.subscribe.useMutation({
    onSuccess: () => {
      form.reset();
      setSuccess(true);
    },
    onError: serverErrorsTo(form, 'Something went wrong. Please try again.'),
  });
  const { errors } = form.formState;
  const error = errors.email?.message ?? errors.root?.server?.message;

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  // Carry on from the placeholder: the focus where it was, a submit that waited for this code. A
  // submit on the placeholder after its code arrived but before this form took its place comes as
  // a second start (LazyNewsletterForm sets one per sign of use): each start is acted on once.
  useEffect(() => {
    if (!start || handled.current === start) return;
    const first = handled.current === null;
    handled.current = start;
    if (first && start.focus) form.setFocus('email');
    if (start.submit) formRef.current?.requestSubmit();
  }, [start, form]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSuccess(false);
    return form.handleSubmit((input) => subscribe.mutate(input))(event);
  };

  return (
    <NewsletterView
      tone={tone}
      className={className}
      inputId={inputId}
      input={form.register('email')}
      error={error}
      success={success}
      pending={subscribe.isPending}
      onSubmit={onSubmit}
      formRef={formRef}
    />
  );
}
