/**
 * The settlement's own history (issue 26): imported, mapped, sent, posted, failed, reprocessed, held,
 * released, deleted, each with who and when, oldest first, as the server's /settlement/history words it
 * (core's buildSettlementHistory). Also shown for a deleted settlement, whose page is otherwise gone.
 */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ResponseOf, SettlementHistoryEntry, getSettlementHistory } from '@ledgerport/contract';
import { formatTimestamp } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

type SettlementHistory = ResponseOf<typeof getSettlementHistory>;

export const settlementHistoryQueryKey = (settlementKey: string) => ['settlement-history', settlementKey];

// Plain components of the first load only: a Timeline or new icons here moved other pages' Mantine
// code into the first load of /app/settlements (its 250 kB budget, decision 0026).
const COLORS: Partial<Record<SettlementHistoryEntry['kind'], string>> = { posted: 'green', failed: 'red', deleted: 'red', held: 'orange', reversed: 'orange' };

/** What a confirmed reprocess changed, line by line, as it was shown before the confirm (issue 28). */
function DiffLines({ diff }: { diff: NonNullable<SettlementHistoryEntry['diff']> }) {
  const side = (x: { accountCode: string; accountName: string; taxRateCode: string; amount: string } | null) =>
    x ? `${x.accountCode} · ${x.accountName} (${x.taxRateCode}) ${x.amount.startsWith('-') ? `credit ${x.amount.slice(1)}` : `debit ${x.amount}`}` : 'none';
  return (
    <Stack gap={0} component="ul" aria-label="Lines that changed" style={{ margin: 0, paddingLeft: '1.2em' }}>
      {diff.documents.flatMap((d) =>
        d.lines.map((l, i) => (
          <Text key={`${d.partIndex}-${i}`} size="xs" c="dimmed" component="li">
            {(d.after ?? d.before)!.number}, {l.description}: {side(l.before)} → {side(l.after)}
          </Text>
        )),
      )}
    </Stack>
  );
}

/** `version`: the settlement's last change (its `updated`), so a send that finishes while the page is open shows up here too. */
export function SettlementHistoryCard({ settlementKey, version, onlyWhenDeleted = false }: { settlementKey: string; version?: string; onlyWhenDeleted?: boolean }) {
  const { account } = useSession();
  const query = useQuery({
    queryKey: [...settlementHistoryQueryKey(settlementKey), version ?? ''],
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
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {history.entries.map((e, i) => (
            <Stack key={i} gap={2} component="li" data-kind={e.kind}>
              <Group gap={6}>
                <Badge size="xs" variant="dot" color={COLORS[e.kind] ?? 'blue'}>
                  {e.title}
                </Badge>
              </Group>
              {e.detail && (
                <Text size="sm" c="dimmed">
                  {e.detail}
                </Text>
              )}
              {e.diff && <DiffLines diff={e.diff} />}
              <Text size="xs" c="dimmed">
                {e.by} · {formatTimestamp(e.at, account.timeZoneId || undefined)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
