/**
 * Settings > Shopify Deferred Revenue: what deferring revenue until fulfilment does, the switch
 * (saved at once), what is held now per currency, and the way to the Deferred Revenue settlements.
 * Shopify accounts with SHOPIFY_DEFERRED_REVENUE_ENABLED.
 */
import { Anchor, Card, List, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { ShopifyDeferredRevenueSettingsBody } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import { ChannelSettingPage, SettingExplanation, SettingSettlementsCard, useSaveChannelSetting } from '../../kits/channel-setting/channel-setting-page';

const SETTING = { path: '/account-settings/shopify-deferred-revenue', queryName: 'shopify-deferred-revenue' };

function Explanation() {
  return (
    <SettingExplanation title="What is deferred revenue?">
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
    </SettingExplanation>
  );
}

function DeferredSettings({ settings }: { settings: ShopifyDeferredRevenueSettingsBody }) {
  const save = useSaveChannelSetting<{ isEnabled: boolean }, ShopifyDeferredRevenueSettingsBody>({
    ...SETTING,
    savedText: (saved) => (saved.isEnabled ? 'Revenue of unfulfilled orders is deferred from now on.' : 'Revenue is no longer deferred.'),
  });
  return (
    <Stack maw={760}>
      <Explanation />
      <Card withBorder>
        <Switch
          label="Defer revenue until orders are fulfilled"
          description="Hold the sales of paid but unfulfilled orders in a deferred revenue liability."
          checked={save.isPending ? save.variables.isEnabled : settings.isEnabled}
          disabled={!settings.canEdit || save.isPending}
          onChange={(e) => save.mutate({ isEnabled: e.currentTarget.checked })}
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
      <SettingSettlementsCard settlementNoun="Deferred Revenue settlement" count={settings.settlementCount}>
        <Anchor component={Link} to="/deferred-revenue-settlements" size="sm">
          Open the Deferred Revenue settlements
        </Anchor>
      </SettingSettlementsCard>
    </Stack>
  );
}

export function ShopifyDeferredRevenuePage() {
  return (
    <ChannelSettingPage<ShopifyDeferredRevenueSettingsBody>
      {...SETTING}
      channel="SHOPIFY"
      otherChannelText="Deferred revenue follows Shopify orders and their fulfilment, so this setting exists only for Shopify accounts. Switch to a Shopify account to use it."
      noun="deferred revenue setting"
    >
      {(settings) => <DeferredSettings settings={settings} />}
    </ChannelSettingPage>
  );
}
