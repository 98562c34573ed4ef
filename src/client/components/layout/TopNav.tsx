import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { useOpenOnThisPage } from '../../lib/useOpenOnThisPage';
import { ChevronDownIcon } from '../icons';
import { isActive, type NavItem } from './nav';

const linkClass = (active: boolean) =>
  cn(
    'relative inline-flex items-center gap-1 rounded-full px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    active ? 'bg-plum-50 text-plum-800' : 'text-ink-500 hover:bg-blush-100 hover:text-plum-800',
  );

/** A nav item that opens a list of related screens (a disclosure: a button and the links it shows). */
function NavGroup({ item, location }: { item: NavItem; location: string }) {
  const [open, setOpen] = useOpenOnThisPage();
  const listId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
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
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const active = isActive(item, location);
  return (
    <li ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        data-testid={item.testId}
        data-active={active || undefined}
        className={linkClass(active)}
        onClick={() => setOpen(!open)}
      >
        {item.label}
        <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul
          id={listId}
          className="absolute left-0 z-50 mt-2 w-56 animate-pop-in rounded-2xl border border-blush-200 bg-white p-1.5 shadow-lift"
          data-testid={`${item.testId}-list`}
        >
          {item.children!.map((child) => {
            const Icon = child.icon;
            const here = isActive(child, location);
            return (
              <li key={child.testId}>
                <Link
                  href={child.to}
                  data-testid={child.testId}
                  aria-current={here ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-plum-50 hover:text-plum-800 focus:bg-plum-50 focus:outline-none',
                    here ? 'font-semibold text-plum-800' : 'text-ink-700',
                  )}
                >
                  {Icon && <Icon className="size-4.5 text-ink-400" />}
                  {child.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** Desktop navigation links, hidden under the 771 px layout breakpoint. */
export function TopNav({ items, label }: { items: NavItem[]; label: string }) {
  const [location] = useLocation();
  return (
    <nav aria-label={label} className="hidden nav:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => {
          if (item.children) return <NavGroup key={item.testId} item={item} location={location} />;
          const active = isActive(item, location);
          return (
            <li key={item.testId} className={item.wideOnly ? 'hidden lg:block' : undefined}>
              <Link href={item.to} data-testid={item.testId} aria-current={active ? 'page' : undefined} className={linkClass(active)}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
