/**
 * The drill-down of a report figure: the settlements it adds up (each linking to its page) and, per
 * transaction type, the source rows (file and row) through /settlement/lines. The Shopify reports and
 * the Summary Report share it.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Drawer, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FigureSourcesBody, SettlementLine } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { detailPath } from '../settlements/settlement-path';
import type { ReportRange } from '../../kits/report-page/report-period';

export interface FigureChoice {
  figure: string;
  label: string;
  currency: string;
  month?: string;
}

const PAGE = 25;

function SourceRows({ settlementKey, typeKey, currency }: { settlementKey: string; typeKey: string; currency: string }) {
  const lines = useQuery({
    queryKey: ['settlement-lines', settlementKey, typeKey],
    queryFn: () => api.get<{ lines: SettlementLine[] }>('/settlement/lines', { settlementKey, typeKey, size: 100 }),
  });
  if (lines.isPending) return <Loader size="xs" aria-label="Loading source rows" />;
  if (lines.isError) return <Text c="red">{lines.error.message}</Text>;
  return (
    <Table withTableBorder aria-label={`Source rows of ${typeKey}`} fz="xs">
      <Table.Tbody>
        {lines.data.lines.map((l) => (
          <Table.Tr key={l.lineNo}>
            <Table.Td>{l.postedAt?.slice(0, 10) ?? '--'}</Table.Td>
            <Table.Td>{l.orderId ?? ''}</Table.Td>
            <Table.Td>
              {l.sourceFile} row {l.sourceRow}
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatCurrency(l.amount, currency)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A drawer listing the settlements behind a report figure (a page at a time) and, per transaction
 * type, their source rows. `load` fetches one page; `unit` names the channel's settlement ('payout').
 */
export function SourcesDrawer({
  title,
  isOpened,
  onClose,
  queryKey,
  load,
  unit,
}: {
  title: string;
  isOpened: boolean;
  onClose: () => void;
  queryKey: readonly unknown[];
  load: (page: number, size: number) => Promise<FigureSourcesBody>;
  unit: string;
}) {
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const sources = useQuery({ queryKey: [...queryKey, page], queryFn: () => load(page, PAGE), enabled: isOpened });
  const Unit = unit.charAt(0).toUpperCase() + unit.slice(1);
  return (
    <Drawer opened={isOpened} onClose={() => (setPage(0), setOpen(null), onClose())} position="right" size="xl" title={title}>
      {sources.isPending ? (
        <Loader aria-label="Loading the sources" />
      ) : sources.isError ? (
        <Alert color="red" role="alert">
          {sources.error.message}
        </Alert>
      ) : (
        <Stack>
          <Text size="sm" role="status">
            {sources.data.pagination.totalRows} {unit}{sources.data.pagination.totalRows === 1 ? ' adds' : 's add'} up to {formatCurrency(sources.data.total, sources.data.currency)}.
          </Text>
          <Table withTableBorder aria-label={`${Unit}s behind this figure`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{Unit}</Table.Th>
                <Table.Th>Ended</Table.Th>
                <Table.Th>Transaction types</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.data.settlements.map((s) => (
                <Table.Tr key={s.settlementKey}>
                  <Table.Td>
                    <Anchor component={Link} to={detailPath(s.settlementKey)}>
                      {s.settlementId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{s.endDate ?? '--'}</Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {s.types.map((t) => {
                        const id = `${s.settlementKey}|${t.typeKey}`;
                        return (
                          <Stack key={t.typeKey} gap={2}>
                            <Group gap="xs" justify="space-between">
                              <Text size="sm">
                                {t.label} · {formatCurrency(t.amount, sources.data.currency)}
                              </Text>
                              <Button size="compact-xs" variant="subtle" onClick={() => setOpen(open === id ? null : id)} aria-expanded={open === id}>
                                {open === id ? 'Hide' : 'Source rows'} ({t.lineCount})
                              </Button>
                            </Group>
                            {open === id && <SourceRows settlementKey={s.settlementKey} typeKey={t.typeKey} currency={sources.data.currency} />}
                          </Stack>
                        );
                      })}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatCurrency(s.amount, sources.data.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {sources.data.pagination.totalRows > PAGE && (
            <Pagination total={Math.ceil(sources.data.pagination.totalRows / PAGE)} value={page + 1} onChange={(p) => setPage(p - 1)} aria-label={`Pages of ${unit}s`} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}

export function FigureSourcesDrawer({ choice, range, onClose }: { choice: FigureChoice | null; range: ReportRange; onClose: () => void }) {
  const { account } = useSession();
  const title = choice ? `${choice.label}${choice.month ? ` in ${choice.month}` : ''} (${choice.currency})` : '';
  return (
    <SourcesDrawer
      title={title}
      isOpened={choice !== null}
      onClose={onClose}
      unit="payout"
      queryKey={['shopify-figure-sources', account.accountKey, range, choice]}
      load={(page, size) => api.get<FigureSourcesBody>('/shopify/finance-report/sources', { accountKey: account.accountKey, ...range, figure: choice!.figure, currency: choice!.currency, month: choice!.month, page, size })}
    />
  );
}
