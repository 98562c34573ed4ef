import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { isActive, type NavItem } from './nav';

/** Mobile tab bar, shown under the 771 px layout breakpoint; exactly --tab-bar-height tall. */
export function BottomBar({ items, label }: { items: NavItem[]; label: string }) {
  const [location] = useLocation();
  return (
    <nav
      aria-label={label}
      data-testid="bottom-bar"
      className="pb-safe fixed inset-x-0 bottom-0 z-40 h-(--tab-bar-height) border-t border-blush-200 bg-white/95 shadow-[0_-6px_20px_-12px_rgb(63_21_49/0.25)] backdrop-blur nav:hidden"
    >
      <ul className="mx-auto flex h-full max-w-lg items-stretch justify-around">
        {items.map((item) => {
          const Icon = item.icon;
          const active = isActive(item, location);
          const content = (
            <>
              {Icon && <Icon className={cn('size-5.5', active ? 'text-plum-700' : 'text-ink-400')} />}
              <span>{item.label}</span>
            </>
          );
          const className = cn(
            'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-medium',
            active ? 'text-plum-800' : 'text-ink-500',
          );
          return (
            <li key={item.testId} className="flex flex-1">
              {item.onSelect ? (
                <button type="button" data-testid={item.testId} onClick={item.onSelect} className={className}>
                  {content}
                </button>
              ) : (
                <Link href={item.to} data-testid={item.testId} aria-current={active ? 'page' : undefined} className={className}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
