import type { MouseEvent } from 'react';

/** The id of every layout's `<main>`: the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first tab stop of every page, shown when focused. It moves focus into the
 * page's `<main>` itself (which takes focus with tabIndex -1), so the next Tab goes on from the
 * content, not from the header; the URL keeps its path and query.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    e.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      data-testid="skip-link"
      className="sr-only z-[90] rounded-full bg-plum-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
