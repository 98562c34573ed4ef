import { Link } from 'wouter';
import { BellIcon } from '../icons';

/** Header link to the notifications page; the list itself arrives with the notifications work. */
export function NotificationBell() {
  return (
    <Link
      href="/notifications"
      aria-label="Notifications"
      data-testid="nav-notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-full text-ink-500 transition-colors hover:bg-plum-50 hover:text-plum-800"
    >
      <BellIcon className="size-5.5" />
    </Link>
  );
}
