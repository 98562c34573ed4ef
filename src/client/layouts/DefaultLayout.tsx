import { type ReactNode, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { CloseIcon, MenuIcon } from '../components/icons';
import { Logo } from '../components/Logo';
import { Footer } from '../components/layout/Footer';
import { BOOKING_RECORD_PATH, isActive, type NavItem } from '../components/layout/nav';
import { TopNav } from '../components/layout/TopNav';
import { buttonClasses } from '../components/ui/Button';
import { useFocusTrap } from '../components/ui/useFocusTrap';
import { cn } from '../lib/cn';
import { useOpenOnThisPage } from '../lib/useOpenOnThisPage';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/', testId: 'nav-dashboard', exact: true },
  { label: 'Salons', to: '/Salons', testId: 'nav-salons', activeOn: ['/salons', '/salon'], notOn: BOOKING_RECORD_PATH },
  { label: 'Bookings', to: '/bookings', testId: 'nav-bookings', alsoOn: BOOKING_RECORD_PATH },
  { label: 'Profile', to: '/profile', testId: 'nav-profile' },
  { label: 'About Us', to: '/about-us', testId: 'nav-about-us', activeOn: ['/about-us', '/about'] },
];

const MOBILE_MENU: NavItem[] = [
  { label: 'Home', to: '/', testId: 'mobile-menu-home', exact: true },
  { label: 'Services', to: '/services', testId: 'mobile-menu-services' },
  { label: 'About', to: '/about', testId: 'mobile-menu-about' },
  { label: 'Contact', to: '/contact', testId: 'mobile-menu-contact' },
  { label: 'List your business', to: '/business-signup', testId: 'mobile-menu-business-signup' },
];

/** Layout for visitors (no stored user type). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useOpenOnThisPage();
  const menuRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The open menu covers the page's top: focus moves into it and stays there until Escape (or a link) closes it.
  useFocusTrap(menuRef, menuOpen, { onEscape: () => setMenuOpen(false), returnFocus: () => menuButtonRef.current });

  return (
    <div className="flex min-h-dvh flex-col" data-layout="default">
      <header className="sticky top-0 z-40 border-b border-blush-200/70 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/75">
        {/* At 320 px (a phone at 400 % zoom) the logo, the sign-in link and the menu button just fit: tighter gaps and a shorter label. */}
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 min-[360px]:gap-4 min-[360px]:px-4 sm:px-6 lg:px-8">
          <Logo />
          <TopNav items={NAV} label="Main" />
          <div className="flex shrink-0 items-center gap-1 min-[360px]:gap-2">
            <Link href="/login" data-testid="login-register-button" className={buttonClasses('primary', 'sm', 'h-9 px-4')}>
              <span>
                Login<span className="hidden min-[360px]:inline"> / Register</span>
              </span>
            </Link>
            <button
              ref={menuButtonRef}
              type="button"
              className="inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-plum-50 nav:hidden"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              data-testid="mobile-menu-button"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav ref={menuRef} id="mobile-menu" aria-label="Mobile" className="animate-fade-in border-t border-blush-200 bg-cream nav:hidden">
            <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3">
              {MOBILE_MENU.map((item) => (
                <li key={item.testId}>
                  <Link
                    href={item.to}
                    data-testid={item.testId}
                    className={cn(
                      'block rounded-xl px-3 py-2.5 text-base font-medium',
                      isActive(item, location) ? 'bg-plum-50 text-plum-800' : 'text-ink-700 hover:bg-blush-100',
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {/* At least a screen tall: while a page loads, the footer waits below the fold instead of jumping down (layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
