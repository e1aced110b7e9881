/** Settings > History: history requests of the current account, then who changed which setting and when. */
import { Stack } from '@mantine/core';
import { useSession } from '../../lib/session-context';
import { HistoryRequestsPanel } from './history-requests-panel';
import { SettingChangesCard } from './setting-changes-card';

export function HistorySettingsPage() {
  const { account } = useSession();
  return (
    <Stack>
      <HistoryRequestsPanel accountKey={account.accountKey} salesChannel={account.salesChannel} />
      <SettingChangesCard />
    </Stack>
  );
}
