/**
 * The navigation bar of spec section 2, filtered by section 6. Clarity view-only users see only the
 * organization name and Logout.
 */
import { ActionIcon, Anchor, Burger, Group, Text } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { buildNavBarSections, buildPartnerMenu, isClarityOrOrganizationPath } from '@ledgerport/core/rules';
import { api } from '../lib/api-client';
import type { Organization } from '../lib/api-types';
import { useSession } from '../lib/session-context';
import { NotificationBell } from '../features/notifications/notification-bell';
import { AccountSwitcher } from './account-switcher';
import { CONTACT_EMAIL, HELP_URL } from './app-config';
import { SettingsMenu, UserMenu } from './user-menu';
import { WhatsNewMenu } from './whats-new-menu';

export function useOrganizations() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['organizations', user.userId],
    queryFn: () => api.get<{ organizations: Organization[] }>('/organization/list', { userId: user.userId }),
    staleTime: 60_000,
  });
}

function OrganizationName() {
  const { account } = useSession();
  const organizations = useOrganizations();
  const org = organizations.data?.organizations.find((o) => o.id === account.organizationId) ?? organizations.data?.organizations[0];
  if (!org) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Text fw={600} size="sm" aria-label="Organization">
        {org.name}
      </Text>
      <Anchor size="sm" href={`mailto:${CONTACT_EMAIL}?subject=Clarity%20support`}>
        Clarity Support
      </Anchor>
    </Group>
  );
}

export function NavBar({ menuOpened, onToggleMenu, hasMenu }: { menuOpened: boolean; onToggleMenu: () => void; hasMenu: boolean }) {
  const { user } = useSession();
  const location = useLocation();
  const sections = buildNavBarSections(user);
  const partner = buildPartnerMenu(user);
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" component="nav" aria-label="Main navigation">
      <Group gap="sm" wrap="nowrap">
        {hasMenu && <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle menu" aria-expanded={menuOpened} />}
        {/* On a phone the bar keeps room for the account and user menus; Home is the main menu's first entry. */}
        <Anchor component={Link} to="/admin" fw={700} size="lg" underline="never" aria-label="Ledgerport home" visibleFrom={hasMenu ? 'xs' : undefined}>
          Ledgerport
        </Anchor>
        {partner.map((p) => (
          <Anchor key={p.key} component={Link} to={p.to} size="sm" visibleFrom="md">
            {p.label}
          </Anchor>
        ))}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {isClarityOrOrganizationPath(location.pathname) && <OrganizationName />}
        {/* What's new, notifications and help are also entries of the main menu, where a phone finds them. */}
        <Group gap="xs" wrap="nowrap" visibleFrom={hasMenu ? 'sm' : undefined}>
          {sections.notifications && <WhatsNewMenu />}
          {sections.notifications && <NotificationBell />}
          {sections.settings && (
            <ActionIcon component="a" href={HELP_URL} target="_blank" rel="noreferrer" variant="subtle" size="lg" aria-label="Need Help">
              <IconHelp size={20} />
            </ActionIcon>
          )}
        </Group>
        {sections.settings && <SettingsMenu />}
        {sections.accountSwitcher && <AccountSwitcher />}
        <UserMenu />
      </Group>
    </Group>
  );
}
