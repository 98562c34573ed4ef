import { type FormEvent, useEffect, useId, useState } from 'react';
import { newsletterInput } from '../../../shared/schemas/discovery';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

const SUCCESS_VISIBLE_MS = 3000;

/** Newsletter sign-up (newsletter.subscribe): the server checks the address with the same schema and words. */
export function NewsletterForm({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  const inputId = useId();
  const form = useZodForm(newsletterInput, { defaultValues: { email: '' } });
  const [success, setSuccess] = useState(false);
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSuccess(false);
    return form.handleSubmit((input) => subscribe.mutate(input))(event);
  };

  const dark = tone === 'dark';
  return (
    <form noValidate onSubmit={onSubmit} className={cn('w-full', className)} data-testid="newsletter-form">
      <label htmlFor={inputId} className={cn('mb-2 block text-sm font-medium', dark ? 'text-plum-100' : 'text-ink-700')}>
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-msg` : undefined}
          data-testid="newsletter-email"
          className={cn(
            'h-11 min-w-0 shrink-0 rounded-full sm:flex-1 sm:shrink border px-4 text-sm focus:ring-2 focus:outline-none',
            dark
              ? 'border-plum-600 bg-plum-800/60 text-white placeholder:text-plum-300 focus:border-rose-300 focus:ring-rose-200'
              : 'border-blush-300 bg-white text-ink-900 placeholder:text-ink-400 focus:border-plum-500 focus:ring-plum-500',
          )}
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          data-testid="newsletter-submit"
          className="h-11 shrink-0 rounded-full bg-rose-500 px-5 text-sm font-semibold text-white shadow-soft transition-colors hover:bg-rose-600 disabled:opacity-70"
        >
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <div className="mt-2 min-h-5 text-sm" aria-live="polite">
        {error && (
          <p id={`${inputId}-msg`} role="alert" className={dark ? 'text-rose-200' : 'text-red-600'} data-testid="newsletter-error">
            {error}
          </p>
        )}
        {success && (
          <p className={dark ? 'text-emerald-200' : 'text-emerald-700'} data-testid="newsletter-success">
            Thank you for subscribing!
          </p>
        )}
      </div>
    </form>
  );
}
