/**
 * For a link to a field of the page already shown (`/path#id` on /path): scrolls to the element with
 * that id and focuses it (its first field when it is a section). Returns false when the link leaves
 * the page or the element is not there.
 */
export function focusHashTarget(href: string): boolean {
  const [path, id] = href.split('#');
  if (!id || path.toLowerCase() !== window.location.pathname.toLowerCase()) return false;
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ block: 'center' });
  const field = el.matches('input, select, textarea, button') ? el : el.querySelector<HTMLElement>('input, select, textarea, button');
  field?.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', href);
  return true;
}
