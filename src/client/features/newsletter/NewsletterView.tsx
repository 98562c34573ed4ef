import type { FormEvent, InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export interface NewsletterViewProps {
  tone?: 'dark' | 'light';
  className?: string;
  inputId: string;
  /** The e-mail field's own props: react-hook-form's `register('email')`, or the placeholder form's name. */
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; name: string };
  error?: string;
  success?: boolean;
  pending?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  /** The placeholder form's signal that someone means to use it (LazyNewsletterForm). */
  onIntent?: () => void;
}

/**
 * The newsletter form's markup, without its validation: the same for the placeholder the page opens
 * with (LazyNewsletterForm) and the working form (NewsletterForm), so swapping one for the other
 * changes nothing on screen and the server's HTML hydrates either way.
 */
export function NewsletterView({
  tone = 'dark',
  className,
  inputId,
  input,
  error,
  success,
  pending,
  onSubmit,
  formRef,
  onIntent,
}: NewsletterViewProps) {
  const dark = tone === 'dark';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={onIntent}
      onPointerDown={onIntent}
      className={cn('w-full', className)}
      data-testid="newsletter-form"
    >
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
          {...input}
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
          disabled={pending}
          data-testid="newsletter-submit"
          className="h-11 shrink-0 rounded-full bg-rose-500 px-5 text-sm font-semibold text-white shadow-soft transition-colors hover:bg-rose-600 disabled:opacity-70"
        >
          {pending ? 'Subscribing...' : 'Subscribe'}
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
