/**
 * The dropdown menus of the navigation bar (user, settings, what's new, account switcher), drawn from
 * data. Mantine's Menu and its parts load on intent (decision 0026): the bar shows each menu's
 * trigger at once and `MenuOnIntent` swaps in the real menu when the user points at, focuses or
 * clicks it.
 */
import { Menu, type MenuProps } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';

export type NavMenuEntry =
  | { kind: 'label'; key: string; label: ReactNode }
  | { kind: 'divider'; key: string }
  | {
      kind: 'item';
      key: string;
      label: ReactNode;
      /** An address inside the app, or an external link (opens in a new tab). */
      to?: string;
      href?: string;
      onClick?: () => void;
      leftSection?: ReactNode;
      rightSection?: ReactNode;
      ariaLabel?: string;
      isCurrent?: boolean;
      isDisabled?: boolean;
    };

export interface NavMenuSpec {
  position?: MenuProps['position'];
  width?: number;
  dropdownLabel?: string;
  onOpen?: () => void;
  entries: readonly NavMenuEntry[];
}

function Entry({ entry }: { entry: NavMenuEntry }) {
  if (entry.kind === 'label') return <Menu.Label>{entry.label}</Menu.Label>;
  if (entry.kind === 'divider') return <Menu.Divider />;
  const common = {
    leftSection: entry.leftSection,
    rightSection: entry.rightSection,
    disabled: entry.isDisabled,
    'aria-label': entry.ariaLabel,
    'aria-current': entry.isCurrent ? ('true' as const) : undefined,
  };
  if (entry.to !== undefined)
    return (
      <Menu.Item {...common} component={Link} to={entry.to} onClick={entry.onClick}>
        {entry.label}
      </Menu.Item>
    );
  if (entry.href !== undefined)
    return (
      <Menu.Item {...common} component="a" href={entry.href} target="_blank" rel="noreferrer" onClick={entry.onClick}>
        {entry.label}
      </Menu.Item>
    );
  return (
    <Menu.Item {...common} onClick={entry.onClick}>
      {entry.label}
    </Menu.Item>
  );
}

export function NavMenu({ trigger, menu, isOpenedOnMount = false }: { trigger: ReactElement; menu: NavMenuSpec; isOpenedOnMount?: boolean }) {
  return (
    <Menu position={menu.position ?? 'bottom-end'} width={menu.width} onOpen={menu.onOpen} defaultOpened={isOpenedOnMount}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown aria-label={menu.dropdownLabel}>
        {menu.entries.map((e) => (
          <Entry key={e.key} entry={e} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
