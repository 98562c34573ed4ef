import type { NotificationType } from '../../../shared/schemas/notifications';
import { CalendarIcon, SparkleIcon } from '../../components/icons';
import { cn } from '../../lib/cn';

const TYPE_STYLE: Record<NotificationType, { className: string; label: string }> = {
  booking: { className: 'bg-plum-50 text-plum-700', label: 'Booking' },
  system: { className: 'bg-sky-50 text-sky-700', label: 'System' },
  alert: { className: 'bg-amber-50 text-amber-700', label: 'Alert' },
};

function AlertIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M10.3 4.3 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4.3a2 2 0 0 0-3.4 0z" />
      <path d="M12 9.5v4" />
      <path d="M12 17h.01" />
    </svg>
  );
}

/** A round badge telling booking, system and alert notifications apart at a glance. */
export function NotificationTypeIcon({ type, size = 'md' }: { type: NotificationType; size?: 'sm' | 'md' }) {
  const style = TYPE_STYLE[type];
  const Icon = type === 'booking' ? CalendarIcon : type === 'system' ? SparkleIcon : AlertIcon;
  return (
    <span
      className={cn('flex shrink-0 items-center justify-center rounded-full', style.className, size === 'sm' ? 'size-9' : 'size-10')}
      title={style.label}
      data-type={type}
    >
      <Icon className={size === 'sm' ? 'size-4.5' : 'size-5'} />
      <span className="sr-only">{style.label}</span>
    </span>
  );
}
