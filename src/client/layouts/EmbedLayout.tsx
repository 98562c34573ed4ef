import { type ReactNode, useEffect } from 'react';

/** What the widget's script on the host page listens for (src/server/http/widgetScript.ts). */
const CLOSE_MESSAGE = { type: 'glowbook-widget:close' };

/**
 * The widget's iframe (docs/channels.md): the booking flow alone, without the site's navigation,
 * which would lead the customer away from the salon's own website inside a small overlay. Escape
 * inside the booking page closes the overlay, as it does on the host page, unless one of the
 * page's own dialogs is open (Escape closes that first).
 */
export function EmbedLayout({ children }: { children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      // Only the page that framed this one hears it; it checks the message came from this frame.
      window.parent.postMessage(CLOSE_MESSAGE, '*');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col" data-layout="embed">
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-blush-200 px-4 py-3 text-center text-xs text-ink-500">
        Bookings by{' '}
        <a href="/" target="_blank" rel="noopener" className="font-medium text-plum-700 underline">
          GlowBook
        </a>
      </footer>
    </div>
  );
}
