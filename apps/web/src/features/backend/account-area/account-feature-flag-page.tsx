/** /account/{accountKey}/feature-flag: the account's feature flags, switched one at a time by support (audited). */
import { Text } from '@mantine/core';
import { AccountFlagSwitches } from '../feature-flag-switches';
import { AccountAreaFrame } from './account-area-frame';

export function AccountFeatureFlagPage() {
  return (
    <AccountAreaFrame>
      {(account) => (
        <>
          <Text size="sm" c="dimmed">
            A switched flag takes effect the next time the account&apos;s users load the app; the change shows
            in the account&apos;s Settings &gt; History with your name.
          </Text>
          <AccountFlagSwitches accountKey={account.accountKey} />
        </>
      )}
    </AccountAreaFrame>
  );
}
