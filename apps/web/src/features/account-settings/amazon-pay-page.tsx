/**
 * Settings > Amazon Pay (Amazon accounts with the enableAmazonPay feature): whether the Amazon Pay
 * payments paid out with the Amazon settlement post to their own clearing account instead of the
 * marketplace's sales and fees accounts, and whether those lines are kept apart (labelled and tracked
 * as Amazon Pay). The settlement stays whole: the deposit is unchanged, only accounts move (core's
 * payment-sources.ts). Each save is a new version and a History entry.
 */
import { Alert, Card, Group, List, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { saveAmazonPaySettingsBodySchema, type AmazonPaySettingsBody, type SaveAmazonPaySettings } from '@ledgerport/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { useCanChangeAccount, useIsBillingEnabled, useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { fieldErrorsOf } from './field-errors';
import { amazonPaySettingsKey, fetchAmazonPaySettings, putAmazonPaySettings } from './payment-source-settings-api';
import { TaxSaveRow } from './tax-settings-frame';

type Form = { isEnabled: boolean; code: string; name: string; isSeparate: boolean };
const formOf = (s: AmazonPaySettingsBody): Form => ({ isEnabled: s.isEnabled, code: s.clearingAccount?.code ?? '', name: s.clearingAccount?.name ?? '', isSeparate: s.isSeparate });
const bodyOf = (f: Form): SaveAmazonPaySettings => ({
  isEnabled: f.isEnabled,
  clearingAccount: f.code.trim() === '' && f.name.trim() === '' ? null : { code: f.code, name: f.name },
  isSeparate: f.isEnabled && f.isSeparate,
});

function AmazonPayForm({ settings }: { settings: AmazonPaySettingsBody }) {
  const { account } = useSession();
  const canChange = useCanChangeAccount() && settings.canEdit;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const isChanged = JSON.stringify(bodyOf(form)) !== JSON.stringify(bodyOf(formOf(settings)));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(form);
    const found = fieldErrorsOf(saveAmazonPaySettingsBodySchema, body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await putAmazonPaySettings(account.accountKey, body);
      queryClient.setQueryData(amazonPaySettingsKey(account.accountKey), saved);
      await queryClient.invalidateQueries({ queryKey: ['settlement-detail'] });
      await queryClient.invalidateQueries({ queryKey: ['setting-changes', account.accountKey] });
      showToast('success', saved.isEnabled ? `Amazon Pay settings saved: Amazon Pay posts to ${saved.clearingAccount?.code ?? ''} ${saved.clearingAccount?.name ?? ''}.` : 'Amazon Pay settings saved: Amazon Pay posts with the marketplace lines.');
    } catch (err) {
      showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

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
      <Card withBorder component="form" onSubmit={(e: FormEvent) => void save(e)} aria-label="Amazon Pay posting">
        <Stack>
          <Switch
            label="Post Amazon Pay to its own clearing account"
            checked={form.isEnabled}
            disabled={!canChange}
            onChange={(e) => setForm({ ...form, isEnabled: e.currentTarget.checked })}
          />
          <Group grow align="flex-start">
            <TextInput label="Amazon Pay clearing account code" value={form.code} disabled={!canChange || !form.isEnabled} error={errors['clearingAccount.code'] ?? errors.clearingAccount} onChange={(e) => setForm({ ...form, code: e.currentTarget.value })} />
            <TextInput label="Amazon Pay clearing account name" value={form.name} disabled={!canChange || !form.isEnabled} error={errors['clearingAccount.name']} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} />
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
            disabled={!canChange || !form.isEnabled}
            onChange={(e) => setForm({ ...form, isSeparate: e.currentTarget.checked })}
          />
          <TaxSaveRow canChange={canChange} isSaving={isSaving} isChanged={isChanged} />
          {settings.updatedBy && (
            <Text size="xs" c="dimmed">
              Version {settings.version}, saved by {settings.updatedBy}.
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

export function AmazonPayPage() {
  const { account } = useSession();
  const isBillingEnabled = useIsBillingEnabled();
  const isUsable = account.salesChannel === 'AMAZON' && account.accountFeatures.enableAmazonPay;
  const query = useQuery({ queryKey: amazonPaySettingsKey(account.accountKey), queryFn: () => fetchAmazonPaySettings(account.accountKey), enabled: isUsable });
  if (!isUsable) {
    return (
      <Alert color="yellow" title="Amazon accounts with Amazon Pay only">
        {account.salesChannel === 'AMAZON' ? `Amazon Pay is not turned on for this account.${isBillingEnabled ? ' Ask support to enable it.' : ''}` : 'Amazon Pay settings exist only for Amazon accounts. Switch to an Amazon account to use them.'}
      </Alert>
    );
  }
  if (query.isPending) return <Loader aria-label="Loading the Amazon Pay settings" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the Amazon Pay settings">
        {query.error.message}
      </Alert>
    );
  }
  return <AmazonPayForm key={query.data.version} settings={query.data} />;
}
