import { type ComponentType, type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { withData } from '../../withData';
import type { NewsletterFormProps, NewsletterStart } from './NewsletterForm';
import { NewsletterView } from './NewsletterView';

/*
 * The working form validates with the shared zod schema and react-hook-form, and brings the data
 * layer: with the discovery schemas that is ~190 ms of script evaluation on a throttled phone, one
 * long task after start-up on every page (the footer has the form). So a page opens with this
 * placeholder, the same markup (NewsletterView: the server's HTML and a form that works with
 * JavaScript off), and the working form's code loads only when the form comes within a few hundred
 * pixels of the screen or someone focuses, taps or submits it; it then takes the placeholder's place
 * with what was typed, the focus, and a submit that was waiting.
 */
const loadForm = withData<{ NewsletterForm: ComponentType<NewsletterFormProps> }, NewsletterFormProps>(
  () => import('./NewsletterForm'),
  (m) => m.NewsletterForm,
);
let loading: Promise<ComponentType<NewsletterFormProps>> | null = null;
function load(): Promise<ComponentType<NewsletterFormProps>> {
  loading ??= loadForm().then(
    (m) => m.default,
    (err) => {
      // A chunk that failed to load is asked for again on the next sign of use.
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** How near the screen (px) the form's code starts to load. */
const NEAR_SCREEN = '300px';

/** The newsletter form: a placeholder of the same markup until the working form's code is wanted. */
export function LazyNewsletterForm(props: Omit<NewsletterFormProps, 'start'>) {
  const inputId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitWaiting = useRef(false);
  const [loaded, setLoaded] = useState<{ Form: ComponentType<NewsletterFormProps>; start: NewsletterStart } | null>(null);

  const want = useCallback(() => {
    load().then(
      (Form) => {
        const input = formRef.current?.elements.namedItem('email');
        const field = input instanceof HTMLInputElement ? input : null;
        setLoaded({
          Form,
          start: { email: field?.value ?? '', focus: !!field && document.activeElement === field, submit: submitWaiting.current },
        });
      },
      () => undefined,
    );
  }, []);

  useEffect(() => {
    const form = formRef.current;
    if (!form || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        want();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(form);
    return () => observer.disconnect();
  }, [want]);

  if (loaded) return <loaded.Form {...props} start={loaded.start} />;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitWaiting.current = true;
    want();
  };
  return <NewsletterView {...props} inputId={inputId} input={{ name: 'email' }} onSubmit={onSubmit} formRef={formRef} onIntent={want} />;
}
