/**
 * The settlement's own history (issue 26): imported, mapped, sent, posted, failed, reprocessed, held,
 * released, deleted, each with who and when, oldest first, as the server's /settlement/history words it
 * (core's buildSettlementHistory). Also shown for a deleted settlement, whose page is otherwise gone.
 */
import { Card, Text, Timeline, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClock, IconFileImport, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ResponseOf, SettlementHistoryEntry, getSettlementHistory } from '@ledgerport/contract';
import { formatTimestamp } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

type SettlementHistory = ResponseOf<typeof getSettlementHistory>;

export const settlementHistoryQueryKey = (settlementKey: string) => ['settlement-history', settlementKey];

const ICONS: Partial<Record<SettlementHistoryEntry['kind'], typeof IconCheck>> = {
  imported: IconFileImport,
  sent: IconSend,
  posted: IconCheck,
  failed: IconAlertTriangle,
  reprocessed: IconRefresh,
  redownloaded: IconRefresh,
  held: IconClock,
  deleted: IconTrash,
};

export function SettlementHistoryCard({ settlementKey, onlyWhenDeleted = false }: { settlementKey: string; onlyWhenDeleted?: boolean }) {
  const { account } = useSession();
  const query = useQuery({
    queryKey: settlementHistoryQueryKey(settlementKey),
    queryFn: () => api.get<SettlementHistory>('/settlement/history', { settlementKey }),
    retry: false,
  });
  const history = query.data;
  if (onlyWhenDeleted && !history?.isDeleted) return null;
  return (
    <Card withBorder component="section" aria-label="History of this settlement">
      <Title order={2} size="h5" mb="sm">
        History
      </Title>
      {query.isPending && <Text c="dimmed" size="sm">Loading its history…</Text>}
      {query.error && <Text c="dimmed" size="sm">Its history could not be loaded.</Text>}
      {history && history.entries.length === 0 && <Text c="dimmed" size="sm">Nothing is recorded for it yet.</Text>}
      {history && history.entries.length > 0 && (
        <Timeline active={history.entries.length - 1} bulletSize={22} lineWidth={2}>
          {history.entries.map((e, i) => {
            const Icon = ICONS[e.kind];
            return (
              <Timeline.Item key={i} title={e.title} bullet={Icon ? <Icon size={13} aria-hidden /> : undefined} color={e.kind === 'failed' || e.kind === 'deleted' ? 'red' : e.kind === 'posted' ? 'green' : 'blue'} data-kind={e.kind}>
                {e.detail && (
                  <Text size="sm" c="dimmed">
                    {e.detail}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt={2}>
                  {e.by} · {formatTimestamp(e.at, account.timeZoneId || undefined)}
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
