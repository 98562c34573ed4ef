import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface FocusTrapOptions {
  /** Called on Escape while the trap is active (the event goes no further). */
  onEscape?: () => void;
  /** Where focus goes on activation; by default a `[data-autofocus]` element, else the first focusable one, else the container. */
  initialFocus?: () => HTMLElement | null | undefined;
  /** Where focus goes on release; by default the element that had it before activation, if it is still on the page. */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * Keeps keyboard focus inside `ref` while `active`: focus moves in on activation, Tab and Shift+Tab
 * cycle through the container's controls, Escape calls `onEscape`, and on release focus goes back to
 * where it came from. For dialogs and anything else that covers the page (a full-screen panel, a menu).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, options: FocusTrapOptions = {}) {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (!active) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const container = ref.current;
    const first =
      optionsRef.current.initialFocus?.() ??
      container?.querySelector<HTMLElement>('[data-autofocus]') ??
      container?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? container)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && optionsRef.current.onEscape) {
        event.stopPropagation();
        optionsRef.current.onEscape();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed',
      );
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (!container.contains(document.activeElement)) {
        event.preventDefault();
        (event.shiftKey ? lastItem : firstItem).focus();
      } else if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === container)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const back = optionsRef.current.returnFocus?.() ?? previouslyFocused;
      if (back?.isConnected) back.focus();
    };
  }, [active, ref]);
}
