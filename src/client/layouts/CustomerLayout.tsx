import type { ReactNode } from 'react';
import { BriefcaseIcon, CalendarIcon, HelpIcon, HomeIcon, SettingsIcon, StoreIcon, UserIcon } from '../components/icons';
import { AppShell } from '../components/layout/AppShell';
import { BOOKING_RECORD_PATH, type NavItem } from '../components/layout/nav';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/', testId: 'nav-dashboard', exact: true },
  { label: 'Salons', to: '/Salons', testId: 'nav-salons', activeOn: ['/salons', '/salon'], notOn: BOOKING_RECORD_PATH },
  { label: 'Bookings', to: '/bookings', testId: 'nav-bookings', alsoOn: BOOKING_RECORD_PATH },
  { label: 'Profile', to: '/profile', testId: 'nav-profile' },
];

const BOTTOM: NavItem[] = [
  { label: 'Home', to: '/', testId: 'bottom-nav-home', icon: HomeIcon, exact: true },
  {
    label: 'Salons',
    to: '/Salons',
    testId: 'bottom-nav-salons',
    icon: StoreIcon,
    activeOn: ['/salons', '/salon'],
    notOn: BOOKING_RECORD_PATH,
  },
  { label: 'Bookings', to: '/bookings?status=upcoming', testId: 'bottom-nav-bookings', icon: CalendarIcon, alsoOn: BOOKING_RECORD_PATH },
  { label: 'Profile', to: '/profile#appointments', testId: 'bottom-nav-profile', icon: UserIcon },
];

const MENU: NavItem[] = [
  { label: 'Profile', to: '/profile', testId: 'avatar-menu-profile', icon: UserIcon },
  { label: 'List Business', to: '/merchantonBoarding', testId: 'avatar-menu-list-business', icon: BriefcaseIcon },
  { label: 'Help & Support', to: '/contact-us', testId: 'avatar-menu-help', icon: HelpIcon },
  { label: 'Settings', to: '/profile/settings', testId: 'avatar-menu-settings', icon: SettingsIcon },
];

export function CustomerLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell kind="customer" homePath="/" navItems={NAV} bottomItems={BOTTOM} menuItems={MENU} withChat withFooter>
      {children}
    </AppShell>
  );
}
