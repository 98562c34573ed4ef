import { type ComponentProps, lazy, Suspense } from 'react';
import { withData } from '../../withData';

// The form validates with the shared zod schema and react-hook-form: loaded when it renders, so the
// footer on every page does not put them into each route's first JavaScript (tests/e2e/weight.test.ts).
const NewsletterForm = lazy(
  withData(
    () => import('./NewsletterForm'),
    (m) => m.NewsletterForm,
  ),
);

/** The newsletter form, with a placeholder of its height (no layout shift) until its code arrives. */
export function LazyNewsletterForm(props: ComponentProps<typeof NewsletterForm>) {
  return (
    <Suspense fallback={<div className="min-h-[2.75rem]" aria-hidden="true" />}>
      <NewsletterForm {...props} />
    </Suspense>
  );
}
