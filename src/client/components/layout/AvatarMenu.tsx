import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { moveMenuFocus } from '../../lib/menuFocus';
import { useOpenOnThisPage } from '../../lib/useOpenOnThisPage';
import { ChevronDownIcon, LogoutIcon } from '../icons';
import { Avatar } from '../ui/Avatar';
import type { NavItem } from './nav';

export interface AvatarMenuProps {
  name: string;
  subtitle?: string;
  imageUrl?: string | null;
  items: NavItem[];
  onLogout: () => void;
}

/** Account button with a drop-down of links and Logout; closes on outside click, Escape, or navigation. */
export function AvatarMenu({ name, subtitle, imageUrl, items, onLogout }: AvatarMenuProps) {
  const [open, setOpen] = useOpenOnThisPage();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => moveMenuFocus(event, rootRef.current);

  const itemClass =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-ink-700 hover:bg-plum-50 hover:text-plum-800 focus:bg-plum-50 focus:outline-none';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        data-testid="avatar-menu-button"
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-plum-50"
      >
        {/* The initials are a picture of the name the label already says. */}
        <Avatar src={imageUrl} name={name} size="sm" decorative />
        <span className="hidden max-w-32 truncate text-sm font-medium text-ink-700 lg:inline">{name}</span>
        <ChevronDownIcon className={cn('hidden size-4 text-ink-500 transition-transform sm:block', open && 'rotate-180')} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          data-testid="avatar-menu"
          className="absolute right-0 z-50 mt-2 w-60 animate-pop-in rounded-2xl border border-blush-200 bg-white p-1.5 shadow-lift"
        >
          <div className="mb-1 border-b border-blush-100 px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-ink-900">{name}</p>
            {subtitle && <p className="truncate text-xs text-ink-500">{subtitle}</p>}
          </div>
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <Link
                key={item.testId}
                href={item.to}
                role="menuitem"
                data-testid={item.testId}
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                {Icon && <Icon className="size-4.5 text-ink-400" />}
                {item.label}
              </Link>
            );
          })}
          <div className="my-1 border-t border-blush-100" />
          <button
            type="button"
            role="menuitem"
            data-testid="logout-button"
            className={cn(itemClass, 'text-red-700 hover:bg-red-50 hover:text-red-700 focus:bg-red-50')}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogoutIcon className="size-4.5" />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
