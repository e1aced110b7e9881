/** /export-settlement: download the account's settlements for a date range (CSV or XLSX). */
import { Text } from '@mantine/core';
import { useSession } from '../../lib/session-context';
import { ExportSettlementsForm } from './export-settlements-form';

export function ExportSettlementsPage() {
  const { account } = useSession();
  return (
    <>
      <Text c="dimmed" size="sm" mb="md">
        Choose up to 92 days: every settlement of {account.accountName} that starts in that range is exported.
      </Text>
      <ExportSettlementsForm accountKey={account.accountKey} initialRange={{}} />
    </>
  );
}
