/**
 * Settings > Amazon Pay (Amazon accounts with the enableAmazonPay feature): whether the Amazon Pay
 * payments paid out with the Amazon settlement post to their own clearing account instead of the
 * marketplace's sales and fees accounts, and whether those lines are kept apart (labelled and tracked
 * as Amazon Pay). The settlement stays whole: the deposit is unchanged, only accounts move (core's
 * payment-sources.ts). Each save is a new version and a History entry.
 */
import { Alert, Card, Group, List, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { saveAmazonPaySettings, type AmazonPaySettingsBody, type SaveAmazonPaySettings } from '@ledgerport/contract';
import { useIsBillingEnabled, useSession } from '../../lib/session-context';
import { amazonPaySettingsKey, fetchAmazonPaySettings } from './payment-source-settings-api';
import { SettingsSaveRow, SettingsTabForm, SettingsTabLoader, useSettingsTabForm } from './settings-tab-form';

type Form = { isEnabled: boolean; code: string; name: string; isSeparate: boolean };
const formOf = (s: AmazonPaySettingsBody): Form => ({ isEnabled: s.isEnabled, code: s.clearingAccount?.code ?? '', name: s.clearingAccount?.name ?? '', isSeparate: s.isSeparate });
const bodyOf = (f: Form): SaveAmazonPaySettings => ({
  isEnabled: f.isEnabled,
  clearingAccount: f.code.trim() === '' && f.name.trim() === '' ? null : { code: f.code, name: f.name },
  isSeparate: f.isEnabled && f.isSeparate,
});
const savedMessage = (saved: AmazonPaySettingsBody) =>
  saved.isEnabled ? `Amazon Pay settings saved: Amazon Pay posts to ${saved.clearingAccount?.code ?? ''} ${saved.clearingAccount?.name ?? ''}.` : 'Amazon Pay settings saved: Amazon Pay posts with the marketplace lines.';

function AmazonPayForm({ settings }: { settings: AmazonPaySettingsBody }) {
  const { account } = useSession();
  const kit = useSettingsTabForm({ entry: saveAmazonPaySettings, settings, queryKey: amazonPaySettingsKey(account.accountKey), formOf, bodyOf, savedMessage });
  const { form, setForm, errors } = kit;
  const lines = settings.lineCount;
  return (
    <Stack maw={760}>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          Amazon Pay in your Amazon settlements
        </Title>
        <Stack gap="xs">
          <Text size="sm">
            Payments your customers make with Amazon Pay on your own web store are paid out together with your Amazon marketplace settlement. Your web store already
            records those sales, so posting them again as Amazon sales would count them twice.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>Off: Amazon Pay lines post like every other line, to the accounts of your mappings.</List.Item>
            <List.Item>On: Amazon Pay charges, fees and refunds post to the Amazon Pay clearing account below, where they meet the sales your web store recorded.</List.Item>
            <List.Item>The settlement still matches the deposit to the cent: only the accounts of the Amazon Pay lines change.</List.Item>
            <List.Item>Settlements already posted are not changed; send or reprocess them to post them again with these settings.</List.Item>
          </List>
          <Text size="sm" aria-label="Amazon Pay lines found">
            {lines === 0 ? 'No Amazon Pay lines in your settlements so far.' : `${lines} Amazon Pay line${lines === 1 ? '' : 's'} in ${settings.settlementCount} settlement${settings.settlementCount === 1 ? '' : 's'}.`}
          </Text>
        </Stack>
      </Card>
      <Card withBorder>
        <SettingsTabForm kit={kit} label="Amazon Pay posting">
          <Switch label="Post Amazon Pay to its own clearing account" checked={form.isEnabled} onChange={(e) => setForm({ ...form, isEnabled: e.currentTarget.checked })} />
          <Group grow align="flex-start">
            <TextInput label="Amazon Pay clearing account code" value={form.code} disabled={!form.isEnabled} error={errors['clearingAccount.code'] ?? errors.clearingAccount} onChange={(e) => setForm({ ...form, code: e.currentTarget.value })} />
            <TextInput label="Amazon Pay clearing account name" value={form.name} disabled={!form.isEnabled} error={errors['clearingAccount.name']} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
          </Group>
          {settings.marketplaceClearingAccount && (
            <Text size="sm" c="dimmed">
              The marketplace deposit stays on {settings.marketplaceClearingAccount.code} {settings.marketplaceClearingAccount.name}.
            </Text>
          )}
          <Switch
            label="Keep Amazon Pay separate from marketplace lines"
            description="Amazon Pay lines say 'Amazon Pay' and carry the tracking option Amazon Pay instead of the marketplace."
            checked={form.isEnabled && form.isSeparate}
            disabled={!form.isEnabled}
            onChange={(e) => setForm({ ...form, isSeparate: e.currentTarget.checked })}
          />
          <SettingsSaveRow kit={kit} saved={settings} />
        </SettingsTabForm>
      </Card>
    </Stack>
  );
}

export function AmazonPayPage() {
  const { account } = useSession();
  const isBillingEnabled = useIsBillingEnabled();
  if (account.salesChannel !== 'AMAZON' || !account.accountFeatures.enableAmazonPay) {
    return (
      <Alert color="yellow" title="Amazon accounts with Amazon Pay only">
        {account.salesChannel === 'AMAZON' ? `Amazon Pay is not turned on for this account.${isBillingEnabled ? ' Ask support to enable it.' : ''}` : 'Amazon Pay settings exist only for Amazon accounts. Switch to an Amazon account to use them.'}
      </Alert>
    );
  }
  return (
    <SettingsTabLoader what="Amazon Pay settings" queryKey={amazonPaySettingsKey(account.accountKey)} load={() => fetchAmazonPaySettings(account.accountKey)} versionOf={(s) => s.version}>
      {(settings) => <AmazonPayForm settings={settings} />}
    </SettingsTabLoader>
  );
}
