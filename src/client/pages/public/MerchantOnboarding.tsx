import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { CalendarIcon, ChartIcon, ClockIcon, HelpIcon, MailIcon, SendIcon, ShieldIcon, UsersIcon } from '../../components/icons';
import { buttonClasses } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { track } from '../../features/analytics/track';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/usePageTitle';

const REGISTER_BUSINESS = '/register?tab=business';

/** Hero buttons sit on a dark gradient. */
const HERO_SOLID = buttonClasses('onDark', 'lg');
const HERO_GHOST = buttonClasses('outlineOnDark', 'lg');

const SERVICE_TILES = [
  { name: 'Hair Styling', glyph: '✂', tone: 'from-plum-200 to-rose-200' },
  { name: 'Massage', glyph: '❋', tone: 'from-amber-100 to-rose-200' },
  { name: 'Nail Care', glyph: '✦', tone: 'from-rose-100 to-plum-200' },
  { name: 'Facial', glyph: '❀', tone: 'from-emerald-100 to-sky-200' },
  { name: 'Makeup', glyph: '✧', tone: 'from-rose-200 to-amber-100' },
  { name: 'Spa Treatment', glyph: '◌', tone: 'from-sky-100 to-emerald-200' },
  { name: 'Hair Color', glyph: '◐', tone: 'from-amber-200 to-plum-200' },
  { name: 'Waxing', glyph: '≈', tone: 'from-plum-100 to-sky-200' },
];

const FEATURES = [
  {
    title: 'Smart Scheduling',
    text: 'Online bookings that respect your opening hours, staff rosters and service durations, with no double bookings.',
    icon: CalendarIcon,
  },
  {
    title: 'Secure Payments',
    text: 'Track what each completed booking earns you, with the platform commission shown up front.',
    icon: ShieldIcon,
  },
  {
    title: 'Client Management',
    text: 'Every customer’s visits, contact details and reviews in one place, ready for a personal touch.',
    icon: UsersIcon,
  },
  {
    title: 'Analytics & Reports',
    text: 'Bookings, revenue and staff performance at a glance, so you know what to grow next.',
    icon: ChartIcon,
  },
  { title: 'Marketing Tools', text: 'Coupons, offers and campaigns that bring customers back during quiet hours.', icon: SendIcon },
  {
    title: 'Automated Reminders',
    text: 'Customers get booking confirmations and reminders automatically, cutting no-shows.',
    icon: ClockIcon,
  },
];

const FAQS = [
  {
    q: 'How much does it cost to list my salon?',
    a: 'Listing is free. We charge a 10% commission only on bookings that are completed through the platform.',
  },
  {
    q: 'What kinds of businesses can join?',
    a: 'Salons, spas, beauty parlours, tattoo studios and wellness centres across India can sign up.',
  },
  {
    q: 'How long does it take to get started?',
    a: 'Registration takes a few minutes. Add your services, staff, opening hours and a cover photo, then request to publish; we review it quickly.',
  },
  {
    q: 'Can customers book a specific stylist?',
    a: 'Yes. Customers can pick a professional or let us assign any free staff member who performs the chosen services.',
  },
  {
    q: 'How do I check customers in?',
    a: 'Every booking has a QR code. Scan it from the merchant panel, or type the booking ID, to confirm the customer has arrived.',
  },
  {
    q: 'What happens when a customer cancels?',
    a: 'Customers must cancel or reschedule at least 2 hours before the appointment for a full refund; later cancellations are refunded in part or not at all.',
  },
  {
    q: 'Can I manage my business from my phone?',
    a: 'Yes. The merchant panel works in any mobile browser, including the QR scanner, bookings, services and staff screens.',
  },
];

const STATS = [
  { value: '10,000+', label: 'Salons and spas trust us' },
  { value: '2M+', label: 'Appointments booked' },
  { value: '35%', label: 'Average growth in repeat visits' },
  { value: '4.8/5', label: 'Average partner rating' },
];

export default function MerchantOnboarding() {
  usePageTitle('The #1 software for Salons and Spas');
  const [overviewOpen, setOverviewOpen] = useState(false);

  useEffect(() => {
    track('merchantOnboardingView', { page: 'merchantonBoarding' });
  }, []);

  return (
    <div className="bg-cream">
      <section className="relative overflow-hidden bg-gradient-to-br from-plum-900 via-plum-800 to-rose-700 text-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.1fr_1fr] md:items-center lg:px-8 lg:py-24">
          <div>
            <p className="mb-3 text-xs font-semibold tracking-widest text-gold-300 uppercase">For salon and spa owners</p>
            <h1 className="text-4xl leading-tight font-bold tracking-tight sm:text-5xl" data-testid="page-title">
              The #1 software for Salons and Spas
            </h1>
            <p className="mt-4 max-w-xl text-base text-white/80 sm:text-lg">
              Take bookings around the clock, manage your team and grow your business with one simple panel built for India’s beauty and
              wellness businesses.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link href={REGISTER_BUSINESS} className={HERO_SOLID} data-testid="get-started">
                Get started now
              </Link>
              <button type="button" className={HERO_GHOST} onClick={() => setOverviewOpen(true)} data-testid="watch-overview">
                <span aria-hidden="true">▶</span> Watch an overview
              </button>
            </div>
          </div>
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-4"
            aria-label="Services you can offer"
            data-testid="service-tiles"
          >
            {SERVICE_TILES.map((t) => (
              <li
                key={t.name}
                className={cn(
                  'flex aspect-square flex-col items-center justify-center gap-2 rounded-2xl bg-gradient-to-br p-3 text-center text-plum-900 shadow-lift',
                  t.tone,
                )}
              >
                <span aria-hidden="true" className="text-3xl">
                  {t.glyph}
                </span>
                <span className="text-sm font-semibold">{t.name}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-center text-2xl font-bold text-ink-900 sm:text-3xl">
          Everything you need to run your business
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="feature-cards">
          {FEATURES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-blush-200/70 bg-white p-6 shadow-soft">
              <span className="flex size-11 items-center justify-center rounded-xl bg-plum-50 text-plum-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink-900">{title}</h3>
              <p className="mt-1.5 text-sm text-ink-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-14" aria-label="GlowBook in numbers">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 sm:px-6 lg:grid-cols-4 lg:px-8">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col rounded-2xl bg-blush-50 px-4 py-6 text-center">
              <dt className="order-2 mt-1 text-sm text-ink-600">{s.label}</dt>
              <dd className="text-3xl font-bold text-plum-800">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-center text-2xl font-bold text-ink-900 sm:text-3xl">
          Frequently asked questions
        </h2>
        <ul className="mt-8 divide-y divide-blush-200 rounded-2xl border border-blush-200 bg-white" data-testid="faq-list">
          {FAQS.map((f) => (
            <FaqItem key={f.q} question={f.q} answer={f.a} />
          ))}
        </ul>
      </section>

      <section className="mx-auto grid max-w-7xl gap-5 px-4 pb-12 sm:px-6 md:grid-cols-2 lg:px-8" aria-label="Support">
        <div className="rounded-2xl border border-blush-200/70 bg-white p-6 shadow-soft">
          <HelpIcon className="size-7 text-plum-700" />
          <h2 className="mt-3 text-lg font-semibold text-ink-900">Help Center</h2>
          <p className="mt-1 text-sm text-ink-600">Guides on setting up services, staff, bookings and payouts.</p>
          <Link href="/help-center" className={buttonClasses('secondary', 'md', 'mt-4')}>
            Visit the Help Center
          </Link>
        </div>
        <div className="rounded-2xl border border-blush-200/70 bg-white p-6 shadow-soft">
          <MailIcon className="size-7 text-plum-700" />
          <h2 className="mt-3 text-lg font-semibold text-ink-900">Contact us</h2>
          <p className="mt-1 text-sm text-ink-600">Talk to our partner team about onboarding your salon or chain.</p>
          <Link href="/contact-us" className={buttonClasses('secondary', 'md', 'mt-4')}>
            Contact us
          </Link>
        </div>
      </section>

      <section className="bg-gradient-to-r from-plum-800 to-rose-700 py-14 text-white" aria-labelledby="apps-heading">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 text-center sm:px-6 lg:px-8">
          <h2 id="apps-heading" className="text-2xl font-bold sm:text-3xl">
            Run your salon from anywhere
          </h2>
          <p className="max-w-xl text-white/80">Manage bookings, staff and check-ins on the go.</p>
          <div className="flex flex-wrap justify-center gap-3" data-testid="app-badges">
            <StoreBadge store="App Store" caption="Download on the" icon="apple" />
            <StoreBadge store="Google Play" caption="Get it on" icon="play" />
          </div>
          <Link href={REGISTER_BUSINESS} className={HERO_SOLID}>
            Get started now
          </Link>
        </div>
      </section>

      <Modal open={overviewOpen} onClose={() => setOverviewOpen(false)} title="GlowBook for business in 3 steps" testId="overview-modal">
        <ol className="flex flex-col gap-4">
          {[
            ['Create your account', 'Register your business with your shop name, type and address.'],
            ['Set up your shop', 'Add categories and services with prices, your staff, opening hours and photos.'],
            ['Publish and take bookings', 'Request to publish; once approved, customers can find and book you online.'],
          ].map(([title, text], i) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-plum-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <div>
                <p className="font-semibold text-ink-900">{title}</p>
                <p className="text-sm text-ink-600">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <Link href={REGISTER_BUSINESS} className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
          Get started now
        </Link>
      </Modal>
    </div>
  );
}

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-semibold text-ink-900 hover:bg-blush-50 sm:text-base"
        >
          {question}
          <span aria-hidden="true" className={cn('text-plum-600 transition-transform', open && 'rotate-45')}>
            +
          </span>
        </button>
      </h3>
      <div id={id} hidden={!open} className="px-5 pb-4 text-sm text-ink-600">
        {answer}
      </div>
    </li>
  );
}

function StoreBadge({ store, caption, icon }: { store: string; caption: string; icon: 'apple' | 'play' }) {
  return (
    <span
      className="inline-flex items-center gap-3 rounded-xl bg-black px-4 py-2 text-left text-white ring-1 ring-white/20"
      aria-label={`${caption} ${store}`}
      role="img"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7">
        {icon === 'apple' ? (
          <path
            fill="currentColor"
            d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.9-.9-3.1-.8c-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.4-1-2.4-3.7zM14.1 5.6c.6-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z"
          />
        ) : (
          <path fill="currentColor" d="M4 2.8v18.4c0 .4.4.6.7.4L20.6 12.4c.3-.2.3-.6 0-.8L4.7 2.4c-.3-.2-.7 0-.7.4z" />
        )}
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="text-[10px] tracking-wide uppercase opacity-80">{caption}</span>
        <span className="text-base font-semibold">{store}</span>
      </span>
    </span>
  );
}
