/** User menu and settings menu of the navigation bar, filtered by the rules in core. */
import { ActionIcon, Avatar } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { buildSettingsMenu, buildUserMenu, nameInitials } from '@ledgerport/core/rules';
import { useSession } from '../lib/session-context';
import { isPaymentProviderEnabled } from './app-config';
import { MenuOnIntent } from './menu-on-intent';

export function UserMenu() {
  const { user, meta } = useSession();
  const items = buildUserMenu(user, isPaymentProviderEnabled(meta));
  return (
    <MenuOnIntent
      trigger={
        <ActionIcon variant="subtle" size="lg" radius="xl" aria-label="User menu">
          <Avatar size="sm" radius="xl" color="blue">
            {nameInitials(user.email)}
          </Avatar>
        </ActionIcon>
      }
      menu={{
        entries: [{ kind: 'label', key: 'email', label: user.email }, ...items.map((i) => ({ kind: 'item' as const, key: i.key, label: i.label, to: i.to }))],
      }}
    />
  );
}

export function SettingsMenu() {
  const { account, user, meta } = useSession();
  const items = buildSettingsMenu(account, user, isPaymentProviderEnabled(meta));
  return (
    <MenuOnIntent
      trigger={
        <ActionIcon variant="subtle" size="lg" aria-label="Settings">
          <IconSettings size={20} />
        </ActionIcon>
      }
      menu={{ width: 260, entries: items.map((i) => ({ kind: 'item' as const, key: i.key, label: i.label, to: i.to })) }}
    />
  );
}
