import { useAtomValue } from 'jotai';
import { type ReactNode, useRef } from 'react';
import type { Role } from '../../../shared/constants';
import { useLogout } from '../../features/auth/useLogout';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { cn } from '../../lib/cn';
import { sessionAtom } from '../../state/session';
import { Logo } from '../Logo';
import { AvatarMenu } from './AvatarMenu';
import { BottomBar } from './BottomBar';
import { ChatLauncher, HeaderChatButton } from './ChatLauncher';
import { Footer } from './Footer';
import type { NavItem } from './nav';
import { TopNav } from './TopNav';

export interface AppShellProps {
  /** Which layout this is, exposed as data-layout for tests and styling. */
  kind: Role;
  homePath: string;
  brandTag?: string;
  navItems: NavItem[];
  bottomItems: NavItem[];
  menuItems: NavItem[];
  withChat?: boolean;
  withFooter?: boolean;
  /** The notifications bell (default shown): a salon's professional has no access to the salon's notifications. */
  withBell?: boolean;
  children: ReactNode;
}

/** Signed-in layout frame: header with navigation, bell and account menu; mobile bottom bar; footer. */
export function AppShell({
  kind,
  homePath,
  brandTag,
  navItems,
  bottomItems,
  menuItems,
  withChat,
  withFooter,
  withBell = true,
  children,
}: AppShellProps) {
  const session = useAtomValue(sessionAtom);
  const logout = useLogout();
  const user = session.user;
  const name = session.userName || user?.shop_Name || 'My account';
  const subtitle = session.userEmail ?? user?.email ?? undefined;
  const footer = useRef<HTMLElement>(null);

  return (
    <div className="flex min-h-dvh flex-col" data-layout={kind}>
      <header className="sticky top-0 z-40 border-b border-blush-200/70 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/75">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Logo to={homePath} tag={brandTag} />
          <TopNav items={navItems} label="Main" />
          <div className="flex items-center gap-1 sm:gap-2">
            {withChat && <HeaderChatButton />}
            {withBell && <NotificationBell />}
            <AvatarMenu name={name} subtitle={subtitle} imageUrl={user?.profileImage || user?.avatar} items={menuItems} onLogout={logout} />
          </div>
        </div>
      </header>
      {/* Without a footer, the page's own end must clear the bottom bar (phones) and the chat toggle. At least a
          screen tall: while a page loads, the footer waits below the fold instead of jumping down (layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className={cn('min-h-[calc(100dvh-4rem)] flex-1 outline-none', !withFooter && (withChat ? 'pb-24' : 'pb-24 nav:pb-0'))}
      >
        {children}
      </main>
      {withFooter && <Footer ref={footer} clearChat={withChat} />}
      {withFooter && <div className="h-(--tab-bar-height) bg-plum-900 nav:hidden" aria-hidden="true" />}
      <BottomBar items={bottomItems} label="Quick navigation" />
      {withChat && <ChatLauncher avoid={withFooter ? footer : undefined} />}
    </div>
  );
}
