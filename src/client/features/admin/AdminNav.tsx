import { useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';

/** Every admin screen. The top bar holds only four of them, so each admin page carries this strip. */
export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', match: ['/admin', '/admin/dashboard'] },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/bookings', label: 'Bookings' },
  { to: '/admin/salons', label: 'Salons' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/feedback', label: 'Feedback' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/payables', label: 'Payables' },
  { to: '/admin/notifications', label: 'Notifications' },
  { to: '/admin/PushNotification', label: 'Push' },
  { to: '/admin/email', label: 'Email' },
  { to: '/bloglist', label: 'Blog', match: ['/bloglist', '/create-blog', '/edit-blog'] },
  { to: '/admin/services', label: 'Categories' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/security', label: 'Security' },
  { to: '/admin/system', label: 'System' },
] as const;

export function AdminNav() {
  const [location] = useLocation();
  const here = location.toLowerCase().replace(/\/+$/, '') || '/';
  const strip = useRef<HTMLUListElement>(null);
  // On a phone the strip scrolls sideways: bring this screen's pill into view (the strip only, never
  // the page). Each admin page mounts its own strip.
  useLayoutEffect(() => {
    const ul = strip.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    const box = ul.getBoundingClientRect();
    const pill = active.getBoundingClientRect();
    if (pill.right > box.right || pill.left < box.left) ul.scrollLeft += pill.left - box.left - (box.width - pill.width) / 2;
  }, []);
  return (
    <nav aria-label="Admin sections" className="-mx-4 mb-6 sm:mx-0">
      <ul ref={strip} className="scrollbar-none flex gap-1.5 overflow-x-auto px-4 pb-1 sm:flex-wrap sm:px-0">
        {ADMIN_SECTIONS.map((s) => {
          const paths: readonly string[] = 'match' in s ? s.match : [s.to];
          const active = paths.some((p) => p.toLowerCase() === here);
          return (
            <li key={s.to} className="shrink-0">
              <Link
                href={s.to}
                aria-current={active ? 'page' : undefined}
                data-testid={`admin-nav-${s.label.toLowerCase()}`}
                className={cn(
                  'inline-flex rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 transition-colors ring-inset',
                  active
                    ? 'bg-plum-700 text-white ring-plum-700'
                    : 'bg-white text-ink-600 ring-blush-200 hover:bg-plum-50 hover:text-plum-800',
                )}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
