import type { Ref } from 'react';
import { Link } from 'wouter';
import { LazyNewsletterForm as NewsletterForm } from '../../features/newsletter/LazyNewsletterForm';
import { cn } from '../../lib/cn';
import { LogoMark } from '../Logo';

interface FooterLink {
  label: string;
  to: string;
}

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/about-us' },
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Blog', to: '/blogs' },
      { label: 'Help Center', to: '/help-center' },
      { label: 'FAQs', to: '/faqs' },
    ],
  },
  {
    title: 'Discover',
    links: [
      { label: 'Services', to: '/services' },
      { label: 'Salons', to: '/salons' },
      { label: 'Gift Cards', to: '/gift-cards' },
      { label: 'Loyalty Program', to: '/loyalty' },
      { label: 'Support', to: '/support' },
    ],
  },
  {
    title: 'For Business',
    links: [
      { label: 'Partner With Us', to: '/partner-with-us' },
      { label: 'Business Solutions', to: '/business-solutions' },
      { label: 'Salon Management', to: '/salon-management' },
      { label: 'Marketing Tools', to: '/marketing-tools' },
      { label: 'Analytics', to: '/analytics' },
      { label: 'API Access', to: '/api-access' },
      { label: 'List Your Business', to: '/merchantonBoarding' },
    ],
  },
];

const LEGAL: FooterLink[] = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
];

const slug = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

/** `clearChat`: the floating chat toggle sits in the bottom-right corner; the links end above it. */
export function Footer({ clearChat = false, ref }: { clearChat?: boolean; ref?: Ref<HTMLElement> }) {
  return (
    <footer ref={ref} className="mt-16 bg-plum-900 text-plum-100" data-testid="site-footer">
      <div className={cn('mx-auto max-w-7xl px-4 pt-12 sm:px-6 lg:px-8', clearChat ? 'pb-24' : 'pb-12')}>
        <div className="grid gap-10 lg:grid-cols-[1.3fr_2fr]">
          <div className="max-w-md">
            <div className="flex items-center gap-2">
              <LogoMark />
              <span className="text-lg font-bold text-white">
                Glow<span className="text-rose-300">Book</span>
              </span>
            </div>
            <p className="mt-3 text-sm leading-relaxed text-plum-200">
              Discover and book trusted salons, spas and beauty parlours across India, in a few taps.
            </p>
            <h2 className="mt-6 text-base font-semibold text-white">Beauty tips & offers in your inbox</h2>
            <p className="mb-3 text-sm text-plum-200">Join our newsletter. No spam, unsubscribe anytime.</p>
            <NewsletterForm />
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
            {COLUMNS.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
                <ul className="mt-4 space-y-2.5">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        href={link.to}
                        data-testid={`footer-link-${slug(link.label)}`}
                        className="text-sm text-plum-200 transition-colors hover:text-white"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-plum-700 pt-6 text-xs text-plum-300 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} GlowBook. Made in India. Prices in INR (₹).</p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL.map((link) => (
              <li key={link.to}>
                <Link href={link.to} data-testid={`footer-link-${slug(link.label)}`} className="hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
