/** The signed-in frame: navigation bar, main menu (hidden on Clarity pages), page, footer. */
import { AppShell, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { buildFooterText, isClarityViewOnly } from '@ledgerport/core/rules';
import { useSession } from '../lib/session-context';
import { PendingInvites } from '../features/account-users/pending-invites';
import { MainMenu } from './main-menu';
import { NavBar } from './nav-bar';
import type { RouteMeta } from './route-meta';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

function currentMeta(matches: ReturnType<typeof useMatches>): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.path !== undefined) return handle;
  }
  return undefined;
}

export function Footer() {
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" py="md">
      {buildFooterText(new Date().getFullYear())}
    </Text>
  );
}

export function AppFrame() {
  const { user, reload } = useSession();
  const meta = currentMeta(useMatches());
  const [opened, { toggle, close }] = useDisclosure(false);
  // On a phone the main menu covers the page: choosing a page closes it.
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);
  const hasMenu = !isClarityViewOnly(user) && !meta?.hideSidebar;
  return (
    <>
    <SkipLink />
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened || !hasMenu, desktop: !hasMenu } }} padding={0}>
      <AppShell.Header>
        <NavBar menuOpened={opened} onToggleMenu={toggle} hasMenu={hasMenu} />
      </AppShell.Header>
      {hasMenu && (
        <AppShell.Navbar p="xs">
          <MainMenu />
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID}>
        <PendingInvites invites={user.pendingInvites} onAnswered={reload} />
        <Outlet />
        <Footer />
      </AppShell.Main>
    </AppShell>
    </>
  );
}
