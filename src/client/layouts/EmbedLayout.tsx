import type { ReactNode } from 'react';

/**
 * The widget's iframe (docs/channels.md): the booking flow alone, without the site's navigation,
 * which would lead the customer away from the salon's own website inside a small overlay.
 */
export function EmbedLayout({ children }: { children: ReactNode }) {
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
