import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AppShell } from '../components/layout/AppShell';
import type { NavItem } from '../components/layout/nav';
import { BriefcaseIcon, CalendarIcon, ChartIcon, HelpIcon, QrIcon, ScissorsIcon, SendIcon, SettingsIcon, UserIcon, UsersIcon } from '../components/icons';

/** Window event the appointments screen listens to, to open its QR scanner. */
export const OPEN_QR_SCANNER_EVENT = 'open-qr-scanner';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/merchant', testId: 'nav-dashboard', exact: true, activeOn: ['/merchant', '/merchant/dashboard'] },
  { label: 'Services', to: '/merchant/services', testId: 'nav-services' },
  { label: 'Appointments', to: '/merchant/appointments', testId: 'nav-appointments' },
  { label: 'Profile', to: '/merchant/settings', testId: 'nav-profile' },
];

/**
 * The spec's avatar menu (Profile, Help & Support, Settings, then Logout), followed by the merchant
 * screens the spec's top nav has no room for.
 */
const MENU: NavItem[] = [
  { label: 'Profile', to: '/merchant/settings', testId: 'avatar-menu-profile', icon: UserIcon },
  { label: 'Help & Support', to: '/merchant/help', testId: 'avatar-menu-help', icon: HelpIcon },
  { label: 'Settings', to: '/merchant/settings', testId: 'avatar-menu-settings', icon: SettingsIcon },
  { label: 'Customers', to: '/merchant/customers', testId: 'avatar-menu-customers', icon: UsersIcon },
  { label: 'Marketing', to: '/merchant/marketing', testId: 'avatar-menu-marketing', icon: SendIcon },
  { label: 'Subscription & Billing', to: '/merchant/subscription', testId: 'avatar-menu-subscription', icon: BriefcaseIcon },
];

export function MerchantLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const bottom = useMemo<NavItem[]>(
    () => [
      { label: 'Dashboard', to: '/merchant', testId: 'bottom-nav-dashboard', icon: ChartIcon, exact: true, activeOn: ['/merchant', '/merchant/dashboard'] },
      { label: 'Bookings', to: '/merchant/appointments', testId: 'bottom-nav-bookings', icon: CalendarIcon },
      {
        label: 'Scan',
        to: '/merchant/appointments?scan=1',
        testId: 'bottom-nav-scan',
        icon: QrIcon,
        activeOn: [],
        onSelect: () => {
          window.dispatchEvent(new CustomEvent(OPEN_QR_SCANNER_EVENT));
          navigate('/merchant/appointments?scan=1');
        },
      },
      { label: 'Services', to: '/merchant/services', testId: 'bottom-nav-services', icon: ScissorsIcon },
      { label: 'Staff', to: '/merchant/staff', testId: 'bottom-nav-staff', icon: UsersIcon },
    ],
    [navigate],
  );
  return (
    <AppShell
      kind="merchant"
      homePath="/merchant"
      brandTag="Business"
      navItems={NAV}
      bottomItems={bottom}
      menuItems={MENU}
      withChat
    >
      {children}
    </AppShell>
  );
}
