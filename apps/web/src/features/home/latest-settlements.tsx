/** Home (/admin): the account's latest settlements with their status, and where to go next. */
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { settlementsLabel } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { DataTable } from '../../ui/data-table';
import { settlementColumns } from '../settlements/settlement-columns';
import { searchSettlementPage } from '../settlements/settlements-api';

export const LATEST_SETTLEMENTS_COUNT = 5;

export function LatestSettlements() {
  const { account } = useSession();
  const label = settlementsLabel(account.salesChannel);
  const query = useQuery({
    queryKey: ['settlements', account.accountKey, 'latest'],
    queryFn: () =>
      searchSettlementPage({ paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: account.accountKey }]] }, 0, LATEST_SETTLEMENTS_COUNT, 'start,desc'),
  });
  return (
    <Card withBorder component="section" aria-label={`Latest ${label.toLowerCase()}`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Latest {label.toLowerCase()}
        </Title>
        <Group gap="xs">
          {account.accountingSystem === 'MANUAL' && (
            <Button component={Link} to="/ledger" variant="default" size="xs">
              Built-in ledger
            </Button>
          )}
          <Button component={Link} to="/settlement-import" variant="default" size="xs">
            Load files
          </Button>
          <Button component={Link} to="/settlements" size="xs">
            See all
          </Button>
        </Group>
      </Group>
      {query.error ? (
        <Text c="red" size="sm" role="alert">
          {query.error.message}
        </Text>
      ) : (
        <DataTable
          label={`Latest ${label.toLowerCase()}`}
          columns={settlementColumns()}
          rows={query.data?.settlements ?? []}
          getRowId={(s) => s.settlementKey}
          isLoading={query.isPending}
          emptyText={`No ${label.toLowerCase()} yet: load a file from ${account.salesChannel.charAt(0)}${account.salesChannel.slice(1).toLowerCase()} or connect the channel.`}
        />
      )}
    </Card>
  );
}
