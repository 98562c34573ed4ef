import { cn } from '../../lib/cn';
import { formatRating } from './format';

export function StarIcon({ className, filled = true }: { className?: string; filled?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={cn('size-4', className)}>
      <path
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={filled ? 0 : 1.4}
        d="M10 1.8l2.5 5.2 5.6.8-4.1 4 1 5.6L10 14.8l-5 2.6 1-5.6-4.1-4 5.6-.8L10 1.8z"
      />
    </svg>
  );
}

/** '4.8 ★ (126)'; a salon without reviews reads 'New'. */
export function RatingPill({ rating, reviews, className }: { rating: number; reviews: number; className?: string }) {
  if (reviews === 0) {
    return (
      <span
        className={cn('inline-flex items-center gap-1 rounded-full bg-plum-50 px-2 py-0.5 text-xs font-semibold text-plum-700', className)}
      >
        New
      </span>
    );
  }
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-sm font-semibold text-ink-900', className)}
      role="img"
      aria-label={`Rated ${formatRating(rating)} out of 5 from ${reviews} reviews`}
    >
      <StarIcon className="size-4 text-gold-500" />
      {formatRating(rating)}
      <span className="font-normal text-ink-500">({reviews})</span>
    </span>
  );
}

export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex text-gold-500', className)} aria-label={`${rating} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={rating >= n - 0.25} className="size-4" />
      ))}
    </span>
  );
}
