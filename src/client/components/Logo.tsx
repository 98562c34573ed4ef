import { Link } from 'wouter';
import { cn } from '../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <defs>
        <linearGradient id="glowbook-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8a2d68" />
          <stop offset="1" stopColor="#d9577f" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#glowbook-mark)" />
      <path d="M32 13c2.2 7.6 6.4 11.8 14 14-7.6 2.2-11.8 6.4-14 14-2.2-7.6-6.4-11.8-14-14 7.6-2.2 11.8-6.4 14-14z" fill="#fff7f2" />
      <circle cx="46" cy="45" r="4" fill="#f2c879" />
    </svg>
  );
}

export function Logo({ to = '/', tag, className }: { to?: string; tag?: string; className?: string }) {
  return (
    <Link href={to} className={cn('flex items-center gap-2 rounded-lg', className)} data-testid="brand-logo">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-plum-900">
        Glow<span className="text-rose-500">Book</span>
      </span>
      {tag && (
        <span className="hidden rounded-full bg-gold-100 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-gold-700 uppercase sm:inline">
          {tag}
        </span>
      )}
      {/* The link's name is what it shows, then where it goes (a name without the visible text fails voice control). */}
      <span className="sr-only"> home</span>
    </Link>
  );
}
