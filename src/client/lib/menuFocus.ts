import type { KeyboardEvent } from 'react';

/**
 * Arrow Down / Arrow Up move the focus to the next / previous item of a menu (its
 * `[role="menuitem"]` elements), wrapping at the ends, as the WAI-ARIA menu pattern asks.
 */
export function moveMenuFocus(event: KeyboardEvent<HTMLElement>, menu: HTMLElement | null): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const items = Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
  items[next]?.focus();
}
