/** Settings > History: who changed which setting of the account and when (its audit log), newest first. */
import { Alert, Card, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session-context';
import { fetchSettingChanges } from './posting-settings-api';

export function SettingChangesCard() {
  const { account } = useSession();
  const query = useQuery({ queryKey: ['setting-changes', account.accountKey], queryFn: () => fetchSettingChanges(account.accountKey) });
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="sm">
        Setting changes
      </Title>
      {query.isError && (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      )}
      {query.data?.entries.length === 0 && <Text c="dimmed">No setting has been changed yet.</Text>}
      {query.data && query.data.entries.length > 0 && (
        <Table aria-label="Setting changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When (UTC)</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What changed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.entries.map((e, i) => (
              <Table.Tr key={`${e.at}-${i}`}>
                <Table.Td>{e.at.slice(0, 16).replace('T', ' ')}</Table.Td>
                <Table.Td>{e.actorEmail ?? 'Ledgerport'}</Table.Td>
                <Table.Td>{e.summary}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
