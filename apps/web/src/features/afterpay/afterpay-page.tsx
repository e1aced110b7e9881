/**
 * /afterpay (issue 30): the spec's demo page for Afterpay. The account's Afterpay settlements, newest
 * first, each with its parts: the sums of its lines by transaction type (sales, refunds, the merchant
 * fee and its tax), which add up to the deposit when the settlement is consistent. Paged by the spec's
 * second pager (5, 10, 15, 100).
 */
import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Settlement, SettlementDetail } from '@ledgerport/contract';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { DateText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { SECOND_PAGE_SIZES, TablePager } from '../../ui/table-pager';
import { searchSettlementPage } from '../settlements/settlements-api';

function SettlementParts({ settlement }: { settlement: Settlement }) {
  const detail = useQuery({ queryKey: ['settlement-detail', settlement.settlementKey], queryFn: () => api.get<SettlementDetail>('/settlement/detail', { settlementKey: settlement.settlementKey }) });
  const title = `Afterpay settlement ${settlement.settlementId}`;
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Anchor component={Link} to={`/settlement?settlementKey=${encodeURIComponent(settlement.settlementKey)}`} fw={600}>
            {title}
          </Anchor>
          <Group gap="xs">
            <Text size="sm">
              Deposit <MoneyText amount={settlement.total} currency={settlement.currency} />
            </Text>
            <Badge variant="light" tt="none">
              {settlement.postingStatus === 'POSTED' ? 'Posted' : settlement.postingStatus === 'PARTIALLY_POSTED' ? 'Partly posted' : 'Not posted'}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          <DateText value={settlement.start} /> to <DateText value={settlement.end} /> · {settlement.lineCount} lines
        </Text>
        {detail.isPending && <Loader size="sm" aria-label={`Loading the parts of ${title}`} />}
        {detail.isError && (
          <Text c="red" role="alert">
            Could not load its parts: {detail.error.message}
          </Text>
        )}
        {detail.data && (
          <Table aria-label={`Parts of ${title}`} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Lines</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data.byType.map((t) => (
                <Table.Tr key={t.typeKey}>
                  <Table.Td>{t.typeLabel}</Table.Td>
                  <Table.Td>{t.category}</Table.Td>
                  <Table.Td>{t.lineCount}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    <MoneyText amount={t.amount} currency={settlement.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {settlement.inconsistencyReason && (
          <Text size="sm" c="orange">
            {settlement.inconsistencyReason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function AfterpayPage() {
  const { account } = useSession();
  const [paging, setPaging] = useState<{ pageIndex: number; pageSize: number }>({ pageIndex: 0, pageSize: SECOND_PAGE_SIZES[0] });
  const page = useQuery({
    queryKey: ['afterpay-settlements', account.accountKey, paging],
    queryFn: () =>
      searchSettlementPage(
        { paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: account.accountKey }], [{ filterKey: 'salesSource', operation: 'eq', value: 'AFTERPAY' }]] },
        paging.pageIndex,
        paging.pageSize,
        'end,desc',
      ),
  });
  return (
    <Stack>
      <Text>Afterpay pays out daily. Each settlement below is one day&apos;s deposit, split into its parts: the orders settled, the refunds, and the merchant fee with its tax.</Text>
      {page.isPending && <Loader aria-label="Loading the Afterpay settlements" />}
      {page.isError && (
        <Alert color="red" role="alert" title="The Afterpay settlements could not be loaded">
          {page.error.message}
        </Alert>
      )}
      {page.data && page.data.settlements.length === 0 && paging.pageIndex === 0 && (
        <Alert color="blue" title="No Afterpay settlements yet">
          This account has no Afterpay settlement. <Anchor component={Link} to="/admin/sales-channel/afterpay">Connect Afterpay</Anchor> with your merchant id and secret key, or{' '}
          <Anchor component={Link} to="/settlement-import">
            load an Afterpay settlement report
          </Anchor>
          .
        </Alert>
      )}
      {page.data?.settlements.map((s) => <SettlementParts key={s.settlementKey} settlement={s} />)}
      {page.data && page.data.pagination.totalRows > 0 && (
        <TablePager
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          totalRows={page.data.pagination.totalRows}
          hasMore={(paging.pageIndex + 1) * paging.pageSize < page.data.pagination.totalRows}
          rowsOnPage={page.data.settlements.length}
          onChange={setPaging}
          pageSizes={SECOND_PAGE_SIZES}
        />
      )}
    </Stack>
  );
}
