/**
 * Settings > Amazon Deferred Transactions: what Amazon's deferred transactions are, the switch that
 * makes the fetch bring them in (the account feature amazonDeferredTransactionEnabled, saved at once),
 * and the way to the Deferred Transactions settlements with their count. Amazon accounts only.
 */
import { Anchor, Card, List, Stack, Switch, Text } from '@mantine/core';
import type { AmazonDeferredTransactionsSettings } from '@ledgerport/contract';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { ChannelSettingPage, SettingExplanation, SettingSettlementsCard, useSaveChannelSetting, ViewOnlySettingNote } from '../../kits/channel-setting/channel-setting-page';

const SETTING = { path: '/account-settings/amazon-deferred-transactions', queryName: 'amazon-deferred-transactions' };

function Explanation() {
  return (
    <SettingExplanation title="What are deferred transactions?">
      <Text size="sm">
        Amazon does not always pay you for an order when it ships. It can hold the money until the order is delivered (for many sellers, seven days after the
        delivery date). While Amazon holds it, the sale is a <b>deferred transaction</b>: it is not in the settlement paid to your bank yet, and it moves into a
        later settlement once Amazon releases it.
      </Text>
      <Text size="sm">
        Most tools, A2X among them, leave these sales out until Amazon releases them, so an order held over a month end shows up in the next month. With this
        switch on, Ledgerport also fetches the deferred transactions and gathers them month by month into <b>Deferred Transactions settlements</b> (one per
        month and currency), so you can see and post what Amazon owes you at each month end.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>They are listed apart from your regular settlements, which still match the money Amazon pays into your bank.</List.Item>
        <List.Item>Turning the switch on takes effect at the next fetch from Amazon; turning it off stops new ones and keeps those already fetched.</List.Item>
      </List>
    </SettingExplanation>
  );
}

function DeferredSettings({ settings }: { settings: AmazonDeferredTransactionsSettings }) {
  const { reload } = useSession();
  const save = useSaveChannelSetting<{ amazonDeferredTransactionEnabled: boolean }, AmazonDeferredTransactionsSettings>({
    ...SETTING,
    savedText: (saved) => (saved.amazonDeferredTransactionEnabled ? 'Amazon deferred transactions will be fetched from now on.' : 'Amazon deferred transactions are no longer fetched.'),
    afterSave: reload,
  });
  return (
    <Stack maw={760}>
      <Explanation />
      <Card withBorder>
        <Stack>
          <Switch
            label="Post Amazon deferred transactions"
            description="Fetch the sales Amazon holds back and list them as Deferred Transactions settlements, month by month."
            checked={save.isPending ? save.variables.amazonDeferredTransactionEnabled : settings.amazonDeferredTransactionEnabled}
            disabled={!settings.canEdit || save.isPending}
            onChange={(e) => save.mutate({ amazonDeferredTransactionEnabled: e.currentTarget.checked })}
          />
          {!settings.canEdit && <ViewOnlySettingNote />}
        </Stack>
      </Card>
      <SettingSettlementsCard settlementNoun="Deferred Transactions settlement" count={settings.settlementCount}>
        <Anchor component={Link} to="/deferred-transactions-settlements" size="sm">
          Open the Deferred Transactions settlements
        </Anchor>
      </SettingSettlementsCard>
    </Stack>
  );
}

export function AmazonDeferredTransactionsPage() {
  return (
    <ChannelSettingPage<AmazonDeferredTransactionsSettings>
      {...SETTING}
      channel="AMAZON"
      otherChannelText="Deferred transactions are held by Amazon, so this setting exists only for Amazon accounts. Switch to an Amazon account to use it."
      noun="deferred transactions setting"
    >
      {(settings) => <DeferredSettings settings={settings} />}
    </ChannelSettingPage>
  );
}
