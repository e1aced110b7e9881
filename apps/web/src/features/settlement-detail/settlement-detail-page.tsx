/**
 * Settlement detail (`settlementKey` query): header with dates, deposit and status badges, what
 * stops posting, the sums by transaction type as a chart, the documents per month part with each
 * line's account and tax rate, drill-down to source rows, and the actions.
 */
import { detailPath } from '../settlements/settlement-path';
import { Alert, Anchor, Button, Card, Grid, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettlementDetail } from '@ledgerport/contract';
import { formatDateValue, formatTimestamp } from '@ledgerport/core/rules';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { BarChart } from '../../ui/bar-chart';
import { MoneyText } from '../../ui/money-text';
import { SettlementBadges } from '../../ui/settlement-badges';
import { settlementPeriod } from '../settlements/settlement-columns';
import { fetchSettlementDetail } from './detail-api';
import { DocumentCard } from './document-card';
import { SettlementHistoryCard, settlementHistoryQueryKey } from './settlement-history-card';
import { ReleaseHoldButton } from './release-hold-button';
import { SettlementActions } from './settlement-actions';
import { SourceLinesModal, type DrillDown } from './source-lines-modal';
import { SettlementCogsCard } from '../cogs/settlement-cogs-card';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

const isBusy = (d: SettlementDetail | undefined) => d?.settlement.sendState === 'QUEUED' || d?.settlement.sendState === 'SENDING';

function Header({ detail, onChanged }: { detail: SettlementDetail; onChanged: () => void }) {
  const s = detail.settlement;
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {settlementPeriod(s)}
          </Title>
          <Text size="sm" c="dimmed">
            Settlement {s.settlementId} · {s.channel}
            {s.gateway ? ` · ${s.gateway}` : ''} · {s.sourceKind === 'api' ? 'from the channel API' : `from ${s.sourceFile}`}
          </Text>
          <SettlementBadges badges={s.badges} onHoldReason={s.onHoldReason} sendState={s.sendState} />
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Fact label="Deposit">
          <MoneyText amount={s.total} currency={s.currency} />
        </Fact>
        <Fact label="Deposit date">{formatDateValue(s.depositDate)}</Fact>
        <Fact label="Lines">
          {s.lineCount} · <MoneyText amount={s.linesTotal} currency={s.currency} />
        </Fact>
        <Fact label="Posting status">{s.postingStatus.replace('_', ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase())}</Fact>
        <Fact label="Currency">{s.currency}</Fact>
        <Fact label="Loaded">{formatTimestamp(s.created)}</Fact>
      </SimpleGrid>
      {s.inconsistent && (
        <Alert color="red" mt="sm" title="The lines do not add up to the deposit">
          Difference <MoneyText amount={s.difference} currency={s.currency} />. {s.inconsistencyReason}
        </Alert>
      )}
      {s.duplicateOf && (
        <Alert color="orange" mt="sm" title="Duplicate">
          This settlement repeats{' '}
          <Anchor component={Link} to={detailPath(s.duplicateOf)}>
            one already loaded
          </Anchor>
          .
        </Alert>
      )}
      {s.onHold && (
        <Alert color="violet" mt="sm" title="On hold">
          {s.onHoldReason ?? 'This settlement is on hold.'} {s.onHoldDate ? `(since ${formatDateValue(s.onHoldDate)})` : ''}
          {s.postingStatus === 'NOT_POSTED' && (
            <Group mt="xs">
              <ReleaseHoldButton settlementKey={s.settlementKey} cause={s.onHoldCause} onReleased={onChanged} />
            </Group>
          )}
        </Alert>
      )}
      {s.postingError && (
        <Alert color="red" mt="sm" title="The last send failed" role="alert">
          {s.postingError}
        </Alert>
      )}
    </Card>
  );
}

export function SettlementDetailPage() {
  const [params] = useSearchParams();
  const settlementKey = params.get('settlementKey') ?? '';
  const queryClient = useQueryClient();
  const { reload, account } = useSession();
  const [drill, setDrill] = useState<DrillDown | null>(null);
  const query = useQuery({
    queryKey: ['settlement-detail', settlementKey],
    queryFn: () => fetchSettlementDetail(settlementKey),
    enabled: settlementKey !== '',
    refetchInterval: (q) => (isBusy(q.state.data) ? 1000 : false),
  });
  if (!settlementKey) {
    return (
      <Alert color="yellow" role="alert">
        No settlement chosen: open one from the{' '}
        <Anchor component={Link} to="/settlements">
          settlements list
        </Anchor>
        .
      </Alert>
    );
  }
  if (query.error) {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}
        </Alert>
        {/* A deleted settlement's page is gone, its history is not: who deleted it, and when. */}
        <SettlementHistoryCard settlementKey={settlementKey} onlyWhenDeleted />
      </Stack>
    );
  }
  const detail = query.data;
  if (!detail) return <Text c="dimmed">Loading the settlement…</Text>;
  const s = detail.settlement;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['settlement-detail', settlementKey] });
    void queryClient.invalidateQueries({ queryKey: settlementHistoryQueryKey(settlementKey) });
    void queryClient.invalidateQueries({ queryKey: ['settlements'] });
    // firstSettlementPosted moves the onboarding steps.
    void reload().catch(() => undefined);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Anchor component={Link} to="/settlements" size="sm">
          ← All settlements
        </Anchor>
        <SettlementActions detail={detail} onChanged={refresh} />
      </Group>
      <Header detail={detail} onChanged={refresh} />
      {detail.problems.length > 0 && (
        <Alert color="yellow" title="Before this settlement can be posted" role="alert">
          <List size="sm">
            {detail.problems.map((p, i) => (
              <List.Item key={i}>
                {p.message}
                {p.amount ? (
                  <>
                    {' '}
                    (<MoneyText amount={p.amount} currency={s.currency} />)
                  </>
                ) : null}
              </List.Item>
            ))}
          </List>
          {detail.problems.some((p) => p.typeKey) && (
            <Button component={Link} to="/mapping" size="xs" mt="sm">
              Map the transaction types
            </Button>
          )}
        </Alert>
      )}
      <SettlementCogsCard settlementKey={settlementKey} accountKey={account.accountKey} onChanged={refresh} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack>
            <Title order={2} size="h4">
              Documents {detail.documents.some((d) => d.status === 'POSTED') ? 'posted' : 'to post'}
            </Title>
            {detail.documents.length === 0 && <Text c="dimmed">No document can be built yet.</Text>}
            {detail.documents.map((d) => (
              <DocumentCard key={`${d.number}-${d.status}-${d.documentId ?? ''}`} document={d} onDrill={setDrill} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} size="h5" mb="sm">
                Amounts by transaction type
              </Title>
              <BarChart label="Amounts by transaction type" currency={s.currency} data={detail.byType.map((t) => ({ label: t.typeLabel, amount: t.amount }))} />
              <Button variant="subtle" size="xs" mt="sm" onClick={() => setDrill({ title: 'all lines', selector: {} })}>
                See all {s.lineCount} source rows
              </Button>
            </Card>
            <SettlementHistoryCard settlementKey={settlementKey} version={`${s.updated} ${s.postingStatus}`} />
          </Stack>
        </Grid.Col>
      </Grid>
      <SourceLinesModal settlementKey={settlementKey} currency={s.currency} drill={drill} onClose={() => setDrill(null)} />
    </Stack>
  );
}
