import type { ReactNode } from 'react';
import { CheckCircleIcon } from '../../components/icons';
import { LogoMark } from '../../components/Logo';
import { usePageTitle } from '../../lib/usePageTitle';

/** The brand panel speaks to whoever signs in: customers booking, or salon owners running their salon. */
const PANELS = {
  customer: {
    heading: ['Your glow-up,', 'just a tap away.'],
    perks: [
      'Instant booking at 5,000+ professionals',
      'Free cancellation up to 2 hours before',
      'Pay by UPI, card, wallet or at the salon',
    ],
    footnote: 'Trusted by salons, spas and parlours in 30+ cities across India.',
  },
  business: {
    heading: ['Your salon,', 'run from one screen.'],
    perks: [
      'Online bookings and a calendar for your whole team',
      'QR check-in, walk-ins and payments at the counter',
      'Your customers, reviews and offers in one place',
    ],
    footnote: 'For salons, spas and parlours across India.',
  },
} as const;

export type AuthAudience = keyof typeof PANELS;

/** Two-panel frame of the sign-in screens: brand panel (desktop) and the form card. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
  pageTitle,
  audience = 'customer',
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  pageTitle: string;
  /** Whom the brand panel speaks to (the merchant sign-in: salon owners). */
  audience?: AuthAudience;
}) {
  usePageTitle(pageTitle);
  const panel = PANELS[audience];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[1fr_1.05fr] lg:items-center lg:px-8">
      <aside className="relative hidden overflow-hidden rounded-[2rem] bg-gradient-to-br from-plum-800 via-plum-700 to-rose-500 p-10 text-white shadow-lift lg:flex lg:min-h-[36rem] lg:flex-col lg:justify-between">
        <div aria-hidden="true" className="absolute -top-20 -right-20 size-72 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-24 -left-10 size-64 rounded-full bg-gold-300/20" />
        <div className="relative flex items-center gap-2">
          <LogoMark className="size-10" />
          <span className="text-xl font-bold">GlowBook</span>
        </div>
        <div className="relative">
          <h2 className="text-3xl leading-tight font-bold" data-testid="auth-panel-heading">
            {panel.heading[0]}
            <br />
            {panel.heading[1]}
          </h2>
          <ul className="mt-6 space-y-3">
            {panel.perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2.5 text-sm text-white/90">
                <CheckCircleIcon className="size-5 shrink-0 text-gold-300" />
                {perk}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/70">{panel.footnote}</p>
      </aside>
      <div className="mx-auto w-full max-w-md lg:max-w-lg">
        <div className="rounded-[1.75rem] border border-blush-200/70 bg-white p-6 shadow-soft sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink-900" data-testid="page-title">
            {title}
          </h1>
          {subtitle && <p className="mt-1.5 text-sm text-ink-500">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-5 text-center text-sm text-ink-500">{footer}</div>}
      </div>
    </div>
  );
}
