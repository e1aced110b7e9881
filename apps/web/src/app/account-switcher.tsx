/**
 * Account switcher of the navigation bar: the current account's name, its sales-channel icon and a
 * Trial badge when billing is on and it has no plan (core's plan gate); choosing another account switches to it (spec section 4).
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { isTrialAccount } from '@ledgerport/core/rules';
import { useIsBillingEnabled, useSession } from '../lib/session-context';
import { showToast } from '../lib/toast';
import { ChannelIcon, channelName } from '../ui/channel-icon';
import { MenuOnIntent } from './menu-on-intent';

export function AccountSwitcher() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { account, user } = session;
  const isBillingEnabled = useIsBillingEnabled();
  const isTrial = (a: { planCode: string | null }) => isTrialAccount(a, isBillingEnabled);
  const choose = (accountKey: string) => {
    if (accountKey === account.accountKey) return;
    // A page with a query is reloaded through /switch so no stale parameter survives the switch.
    if (location.search !== '') {
      window.location.assign(`/app/switch?account=${encodeURIComponent(accountKey)}`);
      return;
    }
    session.switchAccount(accountKey).catch((e: unknown) => showToast('error', e instanceof Error ? e.message : String(e)));
  };
  return (
    <MenuOnIntent
      trigger={
        <Button variant="default" rightSection={<IconChevronDown size={14} />} aria-label={`Current account: ${account.accountName}`}>
          <Group gap={6} wrap="nowrap">
            <ChannelIcon salesChannel={account.salesChannel} />
            <Text size="sm" truncate maw={{ base: 130, sm: 180 }}>
              {account.accountName}
            </Text>
            {isTrial(account) && (
              <Badge size="sm" color="orange" variant="light">
                Trial
              </Badge>
            )}
          </Group>
        </Button>
      }
      menu={{
        width: 320,
        dropdownLabel: 'Accounts',
        entries: [
          { kind: 'label', key: 'title', label: 'Switch account' },
          ...user.accountsThatCanBeAccessedByThisUser.map((a) => ({
            kind: 'item' as const,
            key: a.accountKey,
            label: a.accountName,
            leftSection: <ChannelIcon salesChannel={a.salesChannel} />,
            rightSection: isTrial(a) ? (
              <Badge size="xs" color="orange" variant="light">
                Trial
              </Badge>
            ) : undefined,
            onClick: () => choose(a.accountKey),
            isCurrent: a.accountKey === account.accountKey,
            ariaLabel: `${a.accountName} (${channelName(a.salesChannel)})${isTrial(a) ? ', trial' : ''}`,
          })),
          { kind: 'divider', key: 'divider' },
          { kind: 'item', key: 'new', label: 'New account', leftSection: <IconPlus size={14} />, onClick: () => void navigate('/switch?account=NEW') },
        ],
      }}
    />
  );
}
