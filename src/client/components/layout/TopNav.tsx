import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { isActive, type NavItem } from './nav';

/** Desktop navigation links, hidden under the 771 px layout breakpoint. */
export function TopNav({ items, label }: { items: NavItem[]; label: string }) {
  const [location] = useLocation();
  return (
    <nav aria-label={label} className="hidden nav:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => {
          const active = isActive(item, location);
          return (
            <li key={item.testId}>
              <Link
                href={item.to}
                data-testid={item.testId}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'relative rounded-full px-3.5 py-2 text-sm font-medium transition-colors',
                  active ? 'bg-plum-50 text-plum-800' : 'text-ink-500 hover:bg-blush-100 hover:text-plum-800',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
