import { useAtomValue } from 'jotai';
import { type ReactNode, useMemo } from 'react';
import { Redirect, useLocation } from 'wouter';
import { SALON_ROLE_LABELS, STAFF_HOME, type StaffRole, salonRoleMayOpen } from '../../shared/staffRoles';
import {
  BriefcaseIcon,
  CalendarIcon,
  ChartIcon,
  HelpIcon,
  ImageIcon,
  QrIcon,
  ScissorsIcon,
  SendIcon,
  SettingsIcon,
  StarIcon,
  TagIcon,
  UserIcon,
  UsersIcon,
} from '../components/icons';
import { AppShell } from '../components/layout/AppShell';
import type { NavItem } from '../components/layout/nav';
import { PushOffer } from '../features/push/PushOptIn';
import { sessionAtom } from '../state/session';
import { trpc } from '../trpc';

/** Window event the appointments screen listens to, to open its QR scanner. */
export const OPEN_QR_SCANNER_EVENT = 'open-qr-scanner';

/**
 * Every merchant screen is reachable from the desktop navigation: the day-to-day screens as links,
 * the salon's own set-up (what publishing needs) under "My salon".
 */
export const MERCHANT_SALON_SCREENS: NavItem[] = [
  { label: 'Salon profile & hours', to: '/merchant/settings', testId: 'nav-salon-profile', icon: SettingsIcon },
  { label: 'Services & pricing', to: '/merchant/services', testId: 'nav-services', icon: ScissorsIcon },
  { label: 'Staff', to: '/merchant/staff', testId: 'nav-staff', icon: UsersIcon },
  { label: 'Products & stock', to: '/merchant/products', testId: 'nav-products', icon: TagIcon },
  { label: 'Packages & memberships', to: '/merchant/packages', testId: 'nav-packages', icon: TagIcon },
  { label: 'Shop images', to: '/merchant/shop/images', testId: 'nav-shop-images', icon: ImageIcon },
  { label: 'Coupons', to: '/merchant/coupons', testId: 'nav-coupons', icon: TagIcon },
  { label: 'Reviews', to: '/merchant/reviews', testId: 'nav-reviews', icon: StarIcon },
];

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/merchant', testId: 'nav-dashboard', exact: true, activeOn: ['/merchant', '/merchant/dashboard'] },
  { label: 'Appointments', to: '/merchant/appointments', testId: 'nav-appointments' },
  // Between the 771 px switch and lg these two do not fit beside the rest; the avatar menu has them.
  { label: 'Customers', to: '/merchant/customers', testId: 'nav-customers', wideOnly: true },
  { label: 'Marketing', to: '/merchant/marketing', testId: 'nav-marketing', wideOnly: true },
  { label: 'My salon', to: '/merchant/settings', testId: 'nav-my-salon', children: MERCHANT_SALON_SCREENS },
];

/**
 * The spec's avatar menu (Profile, Help & Support, Settings, then Logout), followed by the merchant
 * screens the phone's bottom bar has no room for.
 */
const MENU: NavItem[] = [
  { label: 'Profile', to: '/merchant/settings', testId: 'avatar-menu-profile', icon: UserIcon },
  { label: 'Help & Support', to: '/merchant/help', testId: 'avatar-menu-help', icon: HelpIcon },
  { label: 'Checkout', to: '/merchant/checkout', testId: 'avatar-menu-checkout', icon: BriefcaseIcon },
  { label: 'Products & stock', to: '/merchant/products', testId: 'avatar-menu-products', icon: TagIcon },
  { label: 'Packages & memberships', to: '/merchant/packages', testId: 'avatar-menu-packages', icon: TagIcon },
  { label: 'Settings', to: '/merchant/settings', testId: 'avatar-menu-settings', icon: SettingsIcon },
  { label: 'Shop images', to: '/merchant/shop/images', testId: 'avatar-menu-shop-images', icon: ImageIcon },
  { label: 'Coupons', to: '/merchant/coupons', testId: 'avatar-menu-coupons', icon: TagIcon },
  { label: 'Reviews', to: '/merchant/reviews', testId: 'avatar-menu-reviews', icon: StarIcon },
  { label: 'Customers', to: '/merchant/customers', testId: 'avatar-menu-customers', icon: UsersIcon },
  { label: 'Marketing', to: '/merchant/marketing', testId: 'avatar-menu-marketing', icon: SendIcon },
  { label: 'Subscription & Billing', to: '/merchant/subscription', testId: 'avatar-menu-subscription', icon: BriefcaseIcon },
  { label: 'Commission', to: '/merchant/commission', testId: 'avatar-menu-commission', icon: ChartIcon },
  { label: 'Settlements', to: '/merchant/settlements', testId: 'avatar-menu-settlements', icon: ChartIcon },
  { label: 'Reports', to: '/merchant/reports', testId: 'avatar-menu-reports', icon: ChartIcon },
];

/** A member's panel: their pages only (the server refuses the rest whatever the panel shows). */
const STAFF_NAV: Record<StaffRole, NavItem[]> = {
  receptionist: [
    { label: 'Appointments', to: '/merchant/appointments', testId: 'nav-appointments' },
    { label: 'Checkout', to: '/merchant/checkout', testId: 'nav-checkout' },
    { label: 'Customers', to: '/merchant/customers', testId: 'nav-customers' },
  ],
  professional: [
    { label: 'My day', to: '/merchant/my-day', testId: 'nav-my-day' },
    { label: 'My pay', to: '/merchant/my-pay', testId: 'nav-my-pay' },
  ],
};

export function MerchantLayout({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const session = useAtomValue(sessionAtom);
  const membership = trpc.merchants.myMembership.useQuery(undefined, { enabled: session.userType === 'merchant', staleTime: 60_000 });
  const memberRole = membership.data && membership.data.role !== 'owner' ? membership.data.role : null;
  const bottom = useMemo<NavItem[]>(
    () => [
      {
        label: 'Dashboard',
        to: '/merchant',
        testId: 'bottom-nav-dashboard',
        icon: ChartIcon,
        exact: true,
        activeOn: ['/merchant', '/merchant/dashboard'],
      },
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
  // Until the panel knows who is signed in, it shows nothing a member may not see.
  if (session.userType === 'merchant' && membership.isLoading) return null;
  if (memberRole) {
    if (!salonRoleMayOpen(memberRole, location)) return <Redirect to={STAFF_HOME[memberRole]} replace />;
    const items = STAFF_NAV[memberRole];
    return (
      <AppShell
        kind="merchant"
        homePath={STAFF_HOME[memberRole]}
        brandTag={SALON_ROLE_LABELS[memberRole]}
        navItems={items}
        bottomItems={items.map((i) => ({ ...i, testId: `bottom-${i.testId}`, icon: CalendarIcon }))}
        menuItems={[]}
        withBell={memberRole !== 'professional'}
      >
        {children}
      </AppShell>
    );
  }
  return (
    <AppShell kind="merchant" homePath="/merchant" brandTag="Business" navItems={NAV} bottomItems={bottom} menuItems={MENU} withChat>
      {/* The push offer in the page's flow, above the screen: it never covers the calendar or a button. */}
      <PushOffer frame="mx-auto max-w-7xl px-4 pt-4 sm:px-6 lg:px-8" />
      {children}
    </AppShell>
  );
}
