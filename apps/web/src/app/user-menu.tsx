/** User menu and settings menu of the navigation bar, filtered by the rules in core. */
import { ActionIcon, Avatar, Menu } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { buildSettingsMenu, buildUserMenu, nameInitials } from '@ledgerport/core/rules';
import { useSession } from '../lib/session-context';
import { isPaymentProviderEnabled } from './app-config';

export function UserMenu() {
  const { user, meta } = useSession();
  const items = buildUserMenu(user, isPaymentProviderEnabled(meta));
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" radius="xl" aria-label="User menu">
          <Avatar size="sm" radius="xl" color="blue">
            {nameInitials(user.email)}
          </Avatar>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {items.map((i) => (
          <Menu.Item key={i.key} component={Link} to={i.to}>
            {i.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function SettingsMenu() {
  const { account, user, meta } = useSession();
  const items = buildSettingsMenu(account, user, isPaymentProviderEnabled(meta));
  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Settings">
          <IconSettings size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((i) => (
          <Menu.Item key={i.key} component={Link} to={i.to}>
            {i.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
