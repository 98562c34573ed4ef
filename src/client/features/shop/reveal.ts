/** Ref callback: a form error rendered at the top of a long, scrolled modal is brought into view. */
export function revealOnMount(el: HTMLElement | null): void {
  el?.scrollIntoView({ block: 'nearest' });
}
