import { useEffect, useId, useState, type FormEvent } from 'react';
import { cn } from '../../lib/cn';
import { errorMessage, httpStatusOf } from '../../trpc';
import { subscribeNewsletter } from './api';

/** "text, at sign, text, dot, text" (spec point 5). */
const NEWSLETTER_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SUCCESS_VISIBLE_MS = 3000;

export function validateNewsletterEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Please enter your email';
  if (!NEWSLETTER_EMAIL_RE.test(email)) return 'Please enter a valid email';
  return null;
}

export function NewsletterForm({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), SUCCESS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateNewsletterEmail(email);
    setSuccess(false);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await subscribeNewsletter(email.trim());
      setEmail('');
      setSuccess(true);
    } catch (err) {
      const generic = 'Something went wrong. Please try again.';
      // The server checks the address with the same rule and words; anything else gets the spec's generic text.
      setError(httpStatusOf(err) === 400 ? errorMessage(err, generic) : generic);
    } finally {
      setBusy(false);
    }
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
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
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
          disabled={busy}
          data-testid="newsletter-submit"
          className="h-11 shrink-0 rounded-full bg-rose-500 px-5 text-sm font-semibold text-white shadow-soft transition-colors hover:bg-rose-600 disabled:opacity-70"
        >
          {busy ? 'Subscribing...' : 'Subscribe'}
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
