import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '../../lib/cn';
import { ChatIcon, CloseIcon } from '../icons';

const ChatPanel = lazy(() => import('../../features/chat/ChatPanel'));

/** Space kept between the lifted toggle and the footer's top edge, and below the sticky header. */
const GAP_PX = 8;
const HEADER_PX = 64;

/**
 * How far to lift the toggle so it rests above the footer instead of over its links: while the
 * footer's top edge is on screen and the lifted toggle still fits below the header. Otherwise it
 * stays in its corner, where the footer's bottom padding keeps the page's last links clear of it.
 */
function useLiftAbove(avoid: RefObject<HTMLElement | null> | undefined, corner: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    if (!enabled) {
      setLift(0);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const footer = avoid?.current;
      const el = corner.current;
      if (!footer || !el) return;
      const bottom = parseFloat(getComputedStyle(el).bottom) || 0;
      const height = el.offsetHeight;
      const viewport = window.innerHeight;
      const needed = viewport - bottom - footer.getBoundingClientRect().top + GAP_PX;
      const fits = viewport - bottom - needed - height >= HEADER_PX + GAP_PX;
      setLift(needed > 0 && fits ? Math.ceil(needed) : 0);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Pages grow as their data arrives, moving the footer without any scrolling.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [avoid, corner, enabled]);
  return lift;
}

/**
 * Floating 'Chat with' toggle (customer and merchant layouts); the panel code loads on first open.
 * `avoid` is the footer, which the closed toggle never sits on.
 */
export function ChatLauncher({ avoid }: { avoid?: RefObject<HTMLElement | null> }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const corner = useRef<HTMLDivElement>(null);
  const lift = useLiftAbove(avoid, corner, !open && Boolean(avoid));
  return (
    <div
      ref={corner}
      // A compact bubble close to the edge: it sits in the page gutter and the cards' padding,
      // clear of their right-aligned figures; the label shows on hover and focus.
      className="fixed right-1 bottom-20 z-50 flex flex-col items-end gap-3 nav:right-2 nav:bottom-6"
      style={lift && !open ? { transform: `translateY(-${lift}px)` } : undefined}
    >
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={close} />
        </Suspense>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-label={open ? 'Close chat assistant' : 'Chat with us'}
        data-testid="chat-toggle"
        onClick={() => setOpen((v) => !v)}
        className={cn(
          'group relative size-11 items-center justify-center rounded-full text-white shadow-lift transition-transform hover:scale-[1.05] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-plum-500',
          // On a phone the open panel fills the screen and closes from its own header.
          open ? 'hidden bg-ink-900 sm:flex' : 'flex bg-gradient-to-r from-plum-700 to-rose-500',
        )}
      >
        {open ? <CloseIcon className="size-5" /> : <ChatIcon className="size-5" />}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute right-full mr-2 hidden rounded-full bg-ink-900 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-white opacity-0 shadow-soft transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 sm:block"
        >
          {open ? 'Close chat' : 'Chat with us'}
        </span>
      </button>
    </div>
  );
}
