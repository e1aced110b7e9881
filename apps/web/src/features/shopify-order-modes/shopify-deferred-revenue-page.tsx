/**
 * Settings > Shopify Deferred Revenue: what deferring revenue until fulfilment does, the switch
 * (saved at once), what is held now per currency, and the way to the Deferred Revenue settlements.
 * Shopify accounts with SHOPIFY_DEFERRED_REVENUE_ENABLED.
 */
import { Alert, Anchor, Card, Group, List, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopifyDeferredRevenueSettingsBody } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';

const PATH = '/account-settings/shopify-deferred-revenue';
const settingsKey = (accountKey: string) => ['shopify-deferred-revenue', accountKey];

function Explanation() {
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        What is deferred revenue?
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          A customer may pay for an order weeks before you ship it (pre-orders, made to order). Under accrual accounting that money is not revenue yet: it is owed
          to the customer until the order is fulfilled.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            With this on, each payout makes a <b>Deferred Revenue</b> settlement that moves the sales of orders not fulfilled by the payout date into a deferred
            revenue liability (map <i>Shopify Deferred Revenue (liability)</i> to it).
          </List.Item>
          <List.Item>A later payout recognises that revenue once Shopify says the order is fulfilled; a refund before fulfilment reverses what was held.</List.Item>
          <List.Item>Payouts keep matching your deposits: a Deferred Revenue settlement always sums to zero.</List.Item>
          <List.Item>Turning it on applies to the payouts not posted yet; turning it off keeps the settlements already made.</List.Item>
        </List>
      </Stack>
    </Card>
  );
}

function DeferredSettings({ settings }: { settings: ShopifyDeferredRevenueSettingsBody }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (isEnabled: boolean) => api.post<ShopifyDeferredRevenueSettingsBody>(PATH, { isEnabled }, { accountKey: account.accountKey }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey(account.accountKey), saved);
      await queryClient.invalidateQueries({ queryKey: ['setting-changes', account.accountKey] });
      showToast('success', saved.isEnabled ? 'Revenue of unfulfilled orders is deferred from now on.' : 'Revenue is no longer deferred.');
    },
    onError: (err) => showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.'),
  });
  const count = settings.settlementCount;
  return (
    <Stack maw={760}>
      <Explanation />
      <Card withBorder>
        <Switch
          label="Defer revenue until orders are fulfilled"
          description="Hold the sales of paid but unfulfilled orders in a deferred revenue liability."
          checked={save.isPending ? save.variables : settings.isEnabled}
          disabled={!settings.canEdit || save.isPending}
          onChange={(e) => save.mutate(e.currentTarget.checked)}
        />
      </Card>
      <Card withBorder aria-label="Deferred revenue held now">
        <Title order={3} size="h6" mb="xs">
          Held now
        </Title>
        {settings.held.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is held.
          </Text>
        ) : (
          <Table withTableBorder aria-label="Deferred revenue held by currency">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Currency</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Held</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.held.map((h) => (
                <Table.Tr key={h.currency}>
                  <Table.Td>{h.currency}</Table.Td>
                  <Table.Td ta="right">{h.orderCount}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatCurrency(h.amount, h.currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder aria-label="Deferred Revenue settlements">
        <Group justify="space-between">
          <Text size="sm">{count === 0 ? 'No Deferred Revenue settlements yet.' : `${count} Deferred Revenue settlement${count === 1 ? '' : 's'}.`}</Text>
          <Anchor component={Link} to="/deferred-revenue-settlements" size="sm">
            Open the Deferred Revenue settlements
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}

export function ShopifyDeferredRevenuePage() {
  const { account } = useSession();
  const isShopify = account.salesChannel === 'SHOPIFY';
  const query = useQuery({ queryKey: settingsKey(account.accountKey), queryFn: () => api.get<ShopifyDeferredRevenueSettingsBody>(PATH, { accountKey: account.accountKey }), enabled: isShopify, retry: false });
  if (!isShopify) {
    return (
      <Alert color="yellow" title="Shopify accounts only">
        Deferred revenue follows Shopify orders and their fulfilment, so this setting exists only for Shopify accounts. Switch to a Shopify account to use it.
      </Alert>
    );
  }
  if (query.isPending) return <Loader aria-label="Loading the deferred revenue setting" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the deferred revenue setting">
        {query.error.message}
      </Alert>
    );
  }
  return <DeferredSettings settings={query.data} />;
}
