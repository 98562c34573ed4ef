import { Link } from 'wouter';
import type { MerchantCardWire } from '../../../shared/schemas/discovery';
import { MapPinIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { formatDistance, fromPrice } from './format';
import { RatingPill } from './Rating';
import { type RecentlyViewedSalon, recordRecentlyViewed } from './recentlyViewed';

export function recentEntryOf(m: MerchantCardWire): Omit<RecentlyViewedSalon, 'lastVisited'> {
  return {
    id: m._id,
    name: m.shop_Name,
    image: m.image,
    price: m.lowestPrice ?? 0,
    rating: m.rating,
    location: [m.Shop_Address, m.City].filter(Boolean).join(', '),
    services: m.services.map((s) => s.name),
  };
}

/**
 * A salon's photo, its box reserved (width and height) so nothing moves when it arrives. Photos load
 * lazily, except a `priority` one: the first screen's largest picture (Lighthouse's LCP element),
 * fetched at once and first.
 */
export function SalonImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={cn('flex items-center justify-center bg-gradient-to-br from-plum-200 via-rose-100 to-gold-100', className)}
        aria-hidden="true"
      >
        <span className="text-3xl font-bold text-plum-700/60">{alt.charAt(0)}</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={600}
      height={400}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={cn('object-cover', className)}
    />
  );
}

/** The first two services and '+N more' (sponsored cards, spec point 4). */
export function ServiceChips({ names, total, max = 2 }: { names: string[]; total: number; max?: number }) {
  if (!names.length) return null;
  const rest = Math.max(0, total - Math.min(max, names.length));
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Services">
      {names.slice(0, max).map((name) => (
        <li key={name} className="max-w-full truncate rounded-full bg-blush-100 px-2.5 py-0.5 text-xs font-medium text-ink-700">
          {name}
        </li>
      ))}
      {rest > 0 && <li className="rounded-full px-1 py-0.5 text-xs font-semibold text-plum-700">+{rest} more</li>}
    </ul>
  );
}

/** A salon in a home-page row. Opening it records a recently viewed entry. */
export function SalonCard({ salon, sponsored = false, className }: { salon: MerchantCardWire; sponsored?: boolean; className?: string }) {
  const distance = formatDistance(salon.distanceInKm);
  return (
    <Link
      href={`/salon/${salon._id}`}
      onClick={() => recordRecentlyViewed(recentEntryOf(salon))}
      data-testid={sponsored ? 'sponsored-card' : 'salon-card'}
      className={cn(
        'group flex w-[17rem] shrink-0 snap-start flex-col overflow-hidden rounded-2xl border border-blush-200/70 bg-white shadow-soft transition hover:-translate-y-0.5 hover:shadow-lift sm:w-72',
        className,
      )}
    >
      <div className="relative aspect-[3/2] overflow-hidden">
        <SalonImage src={salon.image} alt={salon.shop_Name} className="size-full transition duration-300 group-hover:scale-[1.03]" />
        {sponsored && (
          <>
            <span className="absolute top-2.5 left-2.5 rounded-md bg-ink-900/80 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white uppercase">
              Ad
            </span>
            {salon.lowestPrice != null && (
              <span
                className="absolute right-2.5 bottom-2.5 rounded-full bg-gold-300 px-2.5 py-0.5 text-xs font-bold text-ink-900 shadow-soft"
                data-testid="sponsored-price"
              >
                {fromPrice(salon.lowestPrice)}
              </span>
            )}
          </>
        )}
        {distance && !sponsored && (
          <span className="absolute top-2.5 right-2.5 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-ink-700 shadow-soft">
            {distance}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-1 font-semibold text-ink-900 group-hover:text-plum-800">{salon.shop_Name}</h3>
        <div className="-mt-1 flex min-w-0 items-center gap-2 text-sm text-ink-500">
          <RatingPill rating={salon.rating} reviews={sponsored ? salon.review : salon.reviewCount} className="shrink-0" />
          <span aria-hidden="true">·</span>
          <span className="flex min-w-0 items-center gap-1">
            <MapPinIcon className="size-3.5 shrink-0" />
            <span className="truncate">{[salon.Shop_Address.split(',').slice(-1)[0]?.trim(), salon.City].filter(Boolean).join(', ')}</span>
          </span>
        </div>
        {sponsored && salon.promotionMessage && (
          <p className="line-clamp-2 rounded-lg bg-rose-50 px-2.5 py-1.5 text-xs font-medium text-rose-700">{salon.promotionMessage}</p>
        )}
        <ServiceChips names={salon.services.map((s) => s.name)} total={salon.serviceCount} />
        <p className="mt-auto pt-1 text-sm font-semibold text-plum-800" data-testid="card-price">
          {fromPrice(salon.lowestPrice)}
        </p>
      </div>
    </Link>
  );
}

export function SalonCardSkeleton() {
  return (
    <div className="w-[17rem] shrink-0 overflow-hidden rounded-2xl border border-blush-200/70 bg-white sm:w-72" aria-hidden="true">
      <div className="aspect-[3/2] animate-pulse bg-blush-200/70" />
      <div className="space-y-2.5 p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-blush-200/70" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-blush-200/70" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-blush-200/70" />
      </div>
    </div>
  );
}
