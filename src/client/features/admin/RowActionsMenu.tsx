import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { ChevronDownIcon } from '../../components/icons';
import { buttonClasses } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { moveMenuFocus } from '../../lib/menuFocus';

export interface RowAction {
  label: string;
  /** A link (opens a page) or a command. */
  href?: string;
  onSelect?: () => void;
  tone?: 'danger';
  testId?: string;
}

const MENU_WIDTH = 208;
const ITEM_HEIGHT = 36;

/**
 * A row's secondary actions behind one "More" button, so a wide table keeps a narrow Actions
 * column. The list is drawn in a portal at fixed coordinates: the table's scroll container would
 * clip it otherwise. It closes on a choice, Escape, a click elsewhere, scrolling or resizing.
 */
export function RowActionsMenu({ label, actions, testId }: { label: string; actions: RowAction[]; testId?: string }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top?: number; bottom?: number; right: number }>({ right: 0 });
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open || !buttonRef.current) return;
    const r = buttonRef.current.getBoundingClientRect();
    const height = actions.length * ITEM_HEIGHT + 12;
    const right = Math.max(8, window.innerWidth - r.right);
    // Opens upwards when the rows below the button leave no room.
    setPlace(
      r.bottom + 4 + height > window.innerHeight && r.top - 4 - height > 0
        ? { bottom: window.innerHeight - r.top + 4, right }
        : { top: r.bottom + 4, right },
    );
  }, [open, actions.length]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => moveMenuFocus(event, menuRef.current);

  const itemClass = (tone?: 'danger') =>
    cn(
      'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm focus:outline-none',
      tone === 'danger'
        ? 'text-red-700 hover:bg-red-50 focus:bg-red-50'
        : 'text-ink-700 hover:bg-plum-50 hover:text-plum-800 focus:bg-plum-50',
    );

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        data-testid={testId}
        onClick={() => setOpen((v) => !v)}
        className={cn(buttonClasses('ghost', 'sm'), 'gap-1')}
      >
        More
        <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKeyDown}
            style={{ position: 'fixed', top: place.top, bottom: place.bottom, right: place.right, width: MENU_WIDTH }}
            className="z-50 animate-pop-in rounded-2xl border border-blush-200 bg-white p-1.5 text-left shadow-lift"
          >
            {actions.map((a) =>
              a.href ? (
                <Link
                  key={a.label}
                  href={a.href}
                  role="menuitem"
                  data-testid={a.testId}
                  className={itemClass(a.tone)}
                  onClick={() => setOpen(false)}
                >
                  {a.label}
                </Link>
              ) : (
                <button
                  key={a.label}
                  type="button"
                  role="menuitem"
                  data-testid={a.testId}
                  className={itemClass(a.tone)}
                  onClick={() => {
                    setOpen(false);
                    a.onSelect?.();
                  }}
                >
                  {a.label}
                </button>
              ),
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
