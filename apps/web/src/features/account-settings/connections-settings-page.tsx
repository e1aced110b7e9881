/**
 * Settings > Connections: the accounting system and the sales channel of the account, each with the
 * spec's badge (Connected, Disconnected, Connection Error, Connection Problem), the last fetch, the
 * last error the channel gave, and Reconnect / Disconnect.
 */
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { disconnectChannel, fetchChannelNow, startAccountingConnect, startChannelConnect, type ConnectionView } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { CallGate, useCallRefusal } from '../../ui/call-gate';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { showToast } from '../../lib/toast';
import { BADGE_COLORS, ROLE_LABELS, nameOf, when } from './connection-labels';

// A Shopify store already connected is reconnected on its own page, which keeps the same store (decision 0027).
const reconnectPath = (c: ConnectionView) =>
  c.role === 'accounting' ? `/admin/accounting/${c.system.toLowerCase()}` : c.system === 'SHOPIFY' && c.badge !== 'Disconnected' ? '/shopify/reconnect' : `/admin/sales-channel/${c.system.toLowerCase()}`;

export function ConnectionsSettingsPage() {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['connections', account.accountKey], queryFn: () => api.get<{ connections: ConnectionView[] }>('/connections', { accountKey: account.accountKey }), refetchInterval: 5000 });
  const disconnect = useMutation({
    mutationFn: (role: 'sales-channel' | 'sales-source') => api.post('/sales-channel/disconnect', { accountKey: account.accountKey, role }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['connections'] }),
  });
  const fetchNow = useMutation({
    mutationFn: () => api.post('/sales-channel/fetch', { accountKey: account.accountKey }),
    onSuccess: () => showToast('success', 'Fetching new settlements now.'),
  });
  // Reconnect is a link to the connect flow: refused, it is a disabled button instead.
  const connectRefusal = { accounting: useCallRefusal(startAccountingConnect), channel: useCallRefusal(startChannelConnect) };
  const columns: Array<DataColumn<ConnectionView>> = [
    { id: 'name', header: 'Connection', cell: (c) => <Text fw={500}>{nameOf(c)}</Text>, sortValue: nameOf },
    { id: 'role', header: 'Type', cell: (c) => ROLE_LABELS[c.role], sortValue: (c) => ROLE_LABELS[c.role] },
    { id: 'badge', header: 'Status', cell: (c) => <Badge color={BADGE_COLORS[c.badge]} variant="light" tt="none" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>{c.badge}</Badge>, sortValue: (c) => c.badge },
    { id: 'store', header: 'Store or organization', cell: (c) => c.storeName ?? '--', sortValue: (c) => c.storeName ?? '' },
    { id: 'synced', header: 'Last fetched', cell: (c) => when(c.lastSyncedAt), sortValue: (c) => c.lastSyncedAt ?? '' },
    { id: 'error', header: 'Last error', cell: (c) => (c.lastError ? <Text size="sm" c="red">{c.lastError} ({when(c.lastErrorAt)})</Text> : '--') },
    {
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <Group gap="xs" wrap="nowrap">
          {connectRefusal[c.role === 'accounting' ? 'accounting' : 'channel'] === null ? (
            <Button size="xs" variant={c.badge === 'Connected' ? 'default' : 'filled'} component={Link} to={reconnectPath(c)} aria-label={`Reconnect ${nameOf(c)}`}>
              {c.badge === 'Disconnected' ? 'Connect' : 'Reconnect'}
            </Button>
          ) : (
            <CallGate entry={c.role === 'accounting' ? startAccountingConnect : startChannelConnect}>
              <Button size="xs" variant="default" aria-label={`Reconnect ${nameOf(c)}`}>
                {c.badge === 'Disconnected' ? 'Connect' : 'Reconnect'}
              </Button>
            </CallGate>
          )}
          {c.role !== 'accounting' && c.badge !== 'Disconnected' && (
            <CallGate entry={fetchChannelNow}>
              <Button size="xs" variant="light" loading={fetchNow.isPending} onClick={() => fetchNow.mutate()} aria-label={`Fetch ${nameOf(c)} now`}>
                Fetch now
              </Button>
            </CallGate>
          )}
          {c.role !== 'accounting' && c.badge !== 'Disconnected' && (
            <CallGate entry={disconnectChannel}>
              <Button size="xs" color="red" variant="subtle" loading={disconnect.isPending} onClick={() => disconnect.mutate(c.role as 'sales-channel' | 'sales-source')} aria-label={`Disconnect ${nameOf(c)}`}>
                Disconnect
              </Button>
            </CallGate>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        Ledgerport fetches new settlements from your sales channel on a schedule. When a channel stops accepting our access, its status turns to Connection Error: reconnect it to resume.
      </Text>
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load the connections">
          {query.error.message}
        </Alert>
      )}
      {fetchNow.isError && (
        <Alert color="red" role="alert" title="Could not start fetching">
          {fetchNow.error.message}
        </Alert>
      )}
      {disconnect.isError && (
        <Alert color="red" role="alert" title="Could not disconnect">
          {disconnect.error.message}
        </Alert>
      )}
      <DataTable label="Connections" columns={columns} rows={query.data?.connections ?? []} getRowId={(c) => `${c.role}:${c.system}`} isLoading={query.isPending} emptyText="No connections yet." />
    </Stack>
  );
}
