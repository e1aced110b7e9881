/**
 * Settings > Shopify B2B Invoice: what B2B (single-order) invoices are, the switch, and which orders
 * are B2B (an order tag such as A2XB2B, and/or the payment gateways of net-terms orders). Saving turns
 * the B2B orders of payouts not yet posted into settlements of their own; the counts link to the B2B
 * Invoices list and the B2B Invoice Report. Shopify accounts with SHOPIFY_SINGLE_ORDER_ENABLED.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import type { SaveShopifyB2b, ShopifyB2bSettingsBody } from '@ledgerport/contract';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { ChannelSettingPage, SettingExplanation, SettingSettlementsCard, useSaveChannelSetting, ViewOnlySettingNote } from '../../kits/channel-setting/channel-setting-page';

const SETTING = { path: '/account-settings/shopify-b2b', queryName: 'shopify-b2b' };

function Explanation() {
  return (
    <SettingExplanation title="What are B2B invoices?">
      <Text size="sm">
        Ledgerport posts a Shopify payout as one summary, so it matches the deposit in your bank. Wholesale (B2B) customers need more: an invoice of their own for
        each order, with its order number, PO number and customer, which your accounting system can follow as a receivable.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>Each B2B order becomes its own settlement (one invoice per order) in the B2B Invoices list.</List.Item>
        <List.Item>
          The payout it was paid in keeps one <b>B2B order payment</b> line for it, so the payout still matches its deposit: map that line to the receivable or
          clearing account the invoices post to.
        </List.Item>
        <List.Item>Saving applies to payouts not posted yet and to every payout fetched from now on; posted payouts never change.</List.Item>
      </List>
    </SettingExplanation>
  );
}

function B2bForm({ settings }: { settings: ShopifyB2bSettingsBody }) {
  const [isEnabled, setEnabled] = useState(settings.isEnabled);
  const [orderTag, setOrderTag] = useState(settings.orderTag ?? '');
  const [gateways, setGateways] = useState(settings.gateways);
  const save = useSaveChannelSetting<SaveShopifyB2b, ShopifyB2bSettingsBody>({
    ...SETTING,
    savedText: (saved) => (saved.isEnabled ? `B2B invoices are on: ${saved.settlementCount} B2B settlement${saved.settlementCount === 1 ? '' : 's'}.` : 'B2B invoices are off for payouts stored from now on.'),
  });
  const hasRule = orderTag.trim() !== '' || gateways.length > 0;
  return (
    <Stack maw={760}>
      <Explanation />
      <Card withBorder component="form" aria-label="B2B invoice settings" onSubmit={(e) => { e.preventDefault(); save.mutate({ isEnabled, orderTag: orderTag.trim() === '' ? null : orderTag.trim(), gateways }); }}>
        <Stack>
          <Switch label="Post B2B orders as their own invoices" description="One settlement, and one invoice, per B2B order." checked={isEnabled} disabled={!settings.canEdit} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <TextInput label="B2B order tag" description="Orders with this Shopify tag are B2B (tags compare without case)." placeholder="A2XB2B" maxLength={40} value={orderTag} disabled={!settings.canEdit} onChange={(e) => setOrderTag(e.currentTarget.value)} />
          <TagsInput label="B2B payment gateways" description="Orders paid through one of these gateways are B2B, e.g. manual or Net 30. Press Enter after each." value={gateways} maxTags={10} disabled={!settings.canEdit} onChange={setGateways} />
          {isEnabled && !hasRule && (
            <Alert color="yellow" title="No order is B2B yet">
              Enter an order tag or a gateway: without one, no order becomes its own invoice.
            </Alert>
          )}
          {settings.canEdit ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save B2B settings
              </Button>
            </Group>
          ) : (
            <ViewOnlySettingNote />
          )}
        </Stack>
      </Card>
      <SettingSettlementsCard settlementNoun="B2B settlement" count={settings.settlementCount}>
        <Group>
          <Anchor component={Link} to="/b2b-settlements" size="sm">
            Open the B2B invoices
          </Anchor>
          <Anchor component={Link} to="/shopify/b2b-invoice-report" size="sm">
            Open the B2B Invoice Report
          </Anchor>
        </Group>
      </SettingSettlementsCard>
    </Stack>
  );
}

export function ShopifyB2bPage() {
  const { account } = useSession();
  return (
    <ChannelSettingPage<ShopifyB2bSettingsBody>
      {...SETTING}
      channel="SHOPIFY"
      otherChannelText="B2B invoices are made from Shopify orders, so this setting exists only for Shopify accounts. Switch to a Shopify account to use it."
      noun="B2B invoice settings"
    >
      {(settings) => <B2bForm key={account.accountKey} settings={settings} />}
    </ChannelSettingPage>
  );
}
