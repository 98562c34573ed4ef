import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ChevronRightIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

interface ScrollRowProps {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}

const arrowClasses =
  'flex size-9 items-center justify-center rounded-full border border-blush-200 bg-white text-plum-800 shadow-soft transition hover:border-plum-300 hover:bg-plum-50 disabled:cursor-default disabled:opacity-35 disabled:hover:bg-white';

/** A home-page section: heading, left/right arrows and a horizontally scrolling row of cards. */
export function ScrollRow({ title, subtitle, action, children, testId, className }: ScrollRowProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [edges, setEdges] = useState({ start: true, end: false });

  // Which ends of the row are in view, from an IntersectionObserver on its first and last cards:
  // reading scrollLeft and scrollWidth after each render forced a layout of every row while the home
  // page loaded (the most main-thread time of its sections, rows below the fold included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: new children are new first and last cards, which the observer must watch instead.
  useEffect(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild;
    const last = track?.lastElementChild;
    if (!track || !first || !last || typeof IntersectionObserver === 'undefined') return;
    const inView = new Map<Element, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) inView.set(e.target, e.intersectionRatio >= 0.98);
        const start = inView.get(first) ?? true;
        const end = inView.get(last) ?? false;
        setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
      },
      { root: track, threshold: [0.98] },
    );
    observer.observe(first);
    if (last !== first) observer.observe(last);
    return () => observer.disconnect();
  }, [children]);

  const scrollBy = (direction: 1 | -1) => {
    const el = trackRef.current;
    if (el) el.scrollBy({ left: direction * Math.max(240, el.clientWidth * 0.8), behavior: 'smooth' });
  };

  return (
    // content-visibility: a row below the fold is laid out and painted when scrolled to, not during the first load.
    <section
      className={cn(
        'mx-auto mt-12 max-w-7xl px-4 [contain-intrinsic-size:auto_22rem] [content-visibility:auto] sm:px-6 lg:px-8',
        className,
      )}
      data-testid={testId}
      aria-labelledby={headingId}
    >
      <div className="mb-4 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink-900 sm:text-2xl">
            {title}
          </h2>
          {subtitle && <p className="mt-0.5 text-sm text-ink-500">{subtitle}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {action}
          <button type="button" aria-label="Scroll left" className={arrowClasses} disabled={edges.start} onClick={() => scrollBy(-1)}>
            <ChevronRightIcon className="size-4 rotate-180" />
          </button>
          <button type="button" aria-label="Scroll right" className={arrowClasses} disabled={edges.end} onClick={() => scrollBy(1)}>
            <ChevronRightIcon className="size-4" />
          </button>
        </div>
      </div>
      <div
        ref={trackRef}
        // A scrolling row must be reachable by keyboard (arrow keys scroll it once it has focus).
        tabIndex={0}
        role="group"
        aria-labelledby={headingId}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-4 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8 [&::-webkit-scrollbar]:hidden"
      >
        {children}
      </div>
    </section>
  );
}
