import { useAtomValue } from 'jotai';
import { cn } from '../../lib/cn';
import { dismissToast, type ToastKind, toastsAtom } from '../../state/toast';

export { toast } from '../../state/toast';

const STYLES: Record<ToastKind, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-600 text-white',
  info: 'border-plum-200 bg-white text-ink-900',
};

const ICONS: Record<ToastKind, string> = {
  success: 'M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z',
  error: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-1 4a1 1 0 1 1 2 0v4a1 1 0 1 1-2 0V6zm1 8.5a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4z',
  info: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 12a1 1 0 1 1-2 0V9a1 1 0 1 1 2 0v5zm-1-7.5a1.2 1.2 0 1 1 0-2.4 1.2 1.2 0 0 1 0 2.4z',
};

/** Renders the toasts pushed with `toast.success` / `toast.error`; a click dismisses one. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div
      aria-live="polite"
      aria-relevant="additions"
      className="pointer-events-none fixed inset-x-0 top-3 z-[80] flex flex-col items-center gap-2 px-3 sm:top-4 sm:right-4 sm:left-auto sm:items-end"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${t.kind}`}
          onClick={() => dismissToast(t.id)}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm animate-pop-in cursor-pointer items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium shadow-lift',
            STYLES[t.kind],
          )}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0">
            <path fill="currentColor" fillRule="evenodd" d={ICONS[t.kind]} />
          </svg>
          <span className="flex-1">{t.message}</span>
          <button
            type="button"
            aria-label="Dismiss notification"
            onClick={(event) => {
              event.stopPropagation();
              dismissToast(t.id);
            }}
            className="-my-1 -mr-2 rounded-full p-1 opacity-70 hover:opacity-100"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
              <path
                fill="currentColor"
                d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z"
              />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
