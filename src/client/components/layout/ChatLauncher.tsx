import { atom, useAtom } from 'jotai';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { usePhone } from '../../lib/usePhone';
import { ChatIcon, CloseIcon } from '../icons';

const ChatPanel = lazy(() => import('../../features/chat/ChatPanel'));

/** Space kept between the lifted toggle and the footer's or action bar's top edge, and below the sticky header. */
const GAP_PX = 8;
const HEADER_PX = 64;

/**
 * Marks a page's fixed bottom action bar (the salon page's Book now bar). The toggle always rests above
 * it: its corner offset only clears the tab bar, and in that corner it would cover the bar's button.
 */
export const ACTION_BAR_ATTR = 'data-action-bar';

/**
 * How far to lift the toggle so it rests above the footer instead of over its links: while the
 * footer's top edge is on screen and the lifted toggle still fits below the header. Otherwise it
 * stays in its corner, where the footer's bottom padding keeps the page's last links clear of it.
 * A visible action bar lifts it regardless, since that bar never scrolls away.
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
      const el = corner.current;
      if (!el) return;
      const bottom = parseFloat(getComputedStyle(el).bottom) || 0;
      const height = el.offsetHeight;
      const viewport = window.innerHeight;
      const liftAbove = (edge: number) => viewport - bottom - edge + GAP_PX;
      let next = 0;
      const footer = avoid?.current;
      if (footer) {
        const needed = liftAbove(footer.getBoundingClientRect().top);
        const fits = viewport - bottom - needed - height >= HEADER_PX + GAP_PX;
        if (needed > 0 && fits) next = needed;
      }
      // Hidden (display: none) at widths where the page shows its own side panel instead.
      const bar = document.querySelector<HTMLElement>(`[${ACTION_BAR_ATTR}]`);
      if (bar && bar.offsetHeight > 0) next = Math.max(next, liftAbove(bar.getBoundingClientRect().top));
      setLift(next > 0 ? Math.ceil(next) : 0);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Pages grow as their data arrives, moving the footer (and bringing their action bar) without any scrolling.
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

/** Whether the chat assistant is open; the phone's header button and the launcher share it. */
export const chatOpenAtom = atom(false);

/**
 * The phone's header button (there is one header): hidden while the panel covers the screen, so it
 * loses focus as the panel opens, and the panel is told where to hand focus back on closing.
 */
const headerChatButton: { current: HTMLButtonElement | null } = { current: null };

/**
 * On a phone the chat opens from the header (HeaderChatButton), not from a bubble floating over
 * the page's cards; the open panel fills the screen, keeps focus, and closes from its own header or
 * on Escape, giving focus back to this button.
 */
export function HeaderChatButton() {
  const phone = usePhone();
  const [open, setOpen] = useAtom(chatOpenAtom);
  if (!phone) return null;
  // Stays in place (hidden) under the open full-screen panel, so that closing the panel can hand focus back to it.
  return (
    <button
      ref={headerChatButton}
      type="button"
      aria-expanded={open}
      aria-label="Chat with us"
      data-testid="chat-toggle"
      onClick={() => setOpen(true)}
      className={cn('inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-plum-50', open && 'invisible')}
    >
      <ChatIcon className="size-5.5" />
    </button>
  );
}

/**
 * Floating 'Chat with' toggle on wider screens (customer and merchant layouts); the panel code loads
 * on first open. `avoid` is the footer, which the closed toggle never sits on; nor does it sit on a
 * page's action bar. On a phone only the open panel is rendered here (HeaderChatButton opens it).
 */
export function ChatLauncher({ avoid }: { avoid?: RefObject<HTMLElement | null> }) {
  const phone = usePhone();
  const [open, setOpen] = useAtom(chatOpenAtom);
  const close = useCallback(() => setOpen(false), [setOpen]);
  const corner = useRef<HTMLDivElement>(null);
  const lift = useLiftAbove(avoid, corner, !open && !phone);
  useEffect(() => close, [close]);
  if (phone && !open) return null;
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
          <ChatPanel onClose={close} returnFocus={phone ? () => headerChatButton.current : undefined} />
        </Suspense>
      )}
      {!phone && (
        <button
          type="button"
          aria-expanded={open}
          aria-label={open ? 'Close chat assistant' : 'Chat with us'}
          data-testid="chat-toggle"
          onClick={() => setOpen((v) => !v)}
          className={cn(
            'group relative size-11 items-center justify-center rounded-full text-white shadow-lift transition-transform hover:scale-[1.05] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-plum-500',
            open ? 'flex bg-ink-900' : 'flex bg-gradient-to-r from-plum-700 to-rose-500',
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
      )}
    </div>
  );
}
