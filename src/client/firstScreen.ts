import { hydrate, type QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID } from '../shared/pageData';
import { getSession } from './state/session';

/**
 * Puts the answers the server sent with the page (a salon, the first results) into the query cache
 * before the first render, so the page draws them at once instead of asking again. A visitor's
 * answers: a signed-in account asks for its own. Read once; later pages fetch as usual.
 */
export function takeFirstScreenData(queryClient: QueryClient): void {
  // The server's render (ssr.tsx) is handed its answers directly.
  if (typeof document === 'undefined') return;
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!element) return;
  element.remove();
  if (getSession().token) return;
  try {
    hydrate(queryClient, JSON.parse(element.textContent ?? ''));
  } catch {
    // A page without usable data still works: its queries fetch.
  }
}
