import type { ReactNode } from 'react';
import { CalendarIcon, ChartIcon, SettingsIcon, StoreIcon, UserIcon, UsersIcon } from '../components/icons';
import { AppShell } from '../components/layout/AppShell';
import type { NavItem } from '../components/layout/nav';

const NAV: NavItem[] = [
  { label: 'Dashboard', to: '/admin', testId: 'nav-dashboard', exact: true, activeOn: ['/admin', '/admin/dashboard'] },
  { label: 'Services', to: '/admin/services', testId: 'nav-services' },
  { label: 'Bookings', to: '/admin/bookings', testId: 'nav-bookings' },
  { label: 'Profile', to: '/admin/profile', testId: 'nav-profile' },
];

const BOTTOM: NavItem[] = [
  {
    label: 'Dashboard',
    to: '/admin',
    testId: 'bottom-nav-dashboard',
    icon: ChartIcon,
    exact: true,
    activeOn: ['/admin', '/admin/dashboard'],
  },
  { label: 'Users', to: '/admin/users', testId: 'bottom-nav-users', icon: UsersIcon },
  { label: 'Bookings', to: '/admin/bookings', testId: 'bottom-nav-bookings', icon: CalendarIcon },
  { label: 'Salons', to: '/admin/salons', testId: 'bottom-nav-salons', icon: StoreIcon },
  { label: 'Settings', to: '/admin/settings', testId: 'bottom-nav-settings', icon: SettingsIcon },
];

const MENU: NavItem[] = [
  { label: 'Profile', to: '/admin/profile', testId: 'avatar-menu-profile', icon: UserIcon },
  { label: 'Users', to: '/admin/users', testId: 'avatar-menu-users', icon: UsersIcon },
  { label: 'Settings', to: '/admin/settings', testId: 'avatar-menu-settings', icon: SettingsIcon },
];

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell kind="admin" homePath="/admin" brandTag="Admin" navItems={NAV} bottomItems={BOTTOM} menuItems={MENU}>
      {children}
    </AppShell>
  );
}
