/**
 * Settings > PayPal (PayPal accounts): which PayPal accounts and currencies are imported and posted,
 * and the clearing account each currency's statements post to (the PayPal balance of that currency
 * in the ledger). A currency or PayPal account turned off is not imported from then on and its
 * statements are not posted; statements already stored stay. Each save is a new version and a
 * History entry (core's payment-sources.ts decides).
 */
import { Alert, Button, Card, Group, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { savePayPalSettings, type PayPalSettingsBody, type SavePayPalSettings } from '@ledgerport/contract';
import { useState } from 'react';
import { useSession } from '../../lib/session-context';
import { fetchPayPalSettings, payPalSettingsKey } from './payment-source-settings-api';
import { SettingsSaveRow, SettingsTabForm, SettingsTabLoader, useSettingsTabForm } from './settings-tab-form';

type CurrencyRow = { currency: string; isImported: boolean; code: string; name: string; statementCount: number };
type Form = { accounts: { accountId: string; name: string; isImported: boolean; isConnected: boolean; statementCount: number }[]; currencies: CurrencyRow[] };
const formOf = (s: PayPalSettingsBody): Form => ({
  accounts: s.paypalAccounts.map((a) => ({ ...a })),
  currencies: s.currencies.map((c) => ({ currency: c.currency, isImported: c.isImported, code: c.clearingAccount?.code ?? '', name: c.clearingAccount?.name ?? '', statementCount: c.statementCount })),
});
const bodyOf = (f: Form): SavePayPalSettings => ({
  paypalAccounts: f.accounts.map((a) => ({ accountId: a.accountId, isImported: a.isImported })),
  currencies: f.currencies.map((c) => ({ currency: c.currency, isImported: c.isImported, clearingAccount: c.code.trim() === '' && c.name.trim() === '' ? null : { code: c.code, name: c.name } })),
});

const savedMessage = (saved: PayPalSettingsBody) => {
  const off = saved.currencies.filter((c) => !c.isImported).map((c) => c.currency);
  return off.length === 0 ? 'PayPal settings saved: every currency is imported.' : `PayPal settings saved: ${off.join(', ')} not imported.`;
};

function PayPalForm({ settings }: { settings: PayPalSettingsBody }) {
  const { account } = useSession();
  const kit = useSettingsTabForm({ entry: savePayPalSettings, settings, queryKey: payPalSettingsKey(account.accountKey), formOf, bodyOf, savedMessage });
  const { form, setForm, errors, setErrors } = kit;
  const [added, setAdded] = useState('');
  const setCurrency = (i: number, change: Partial<CurrencyRow>) => setForm({ ...form, currencies: form.currencies.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const fallback = settings.defaultClearingAccount ? `${settings.defaultClearingAccount.code} ${settings.defaultClearingAccount.name}` : 'the PayPal clearing account of the chart';

  const addCurrency = () => {
    const currency = added.trim().toUpperCase();
    if (currency === '') return;
    if (form.currencies.some((c) => c.currency === currency)) {
      setErrors({ added: `${currency} is already in the list.` });
      return;
    }
    setErrors({});
    setForm({ ...form, currencies: [...form.currencies, { currency, isImported: true, code: '', name: '', statementCount: 0 }].sort((a, b) => a.currency.localeCompare(b.currency)) });
    setAdded('');
  };

  return (
    <SettingsTabForm kit={kit} label="PayPal settings" maw={900}>
      <Card withBorder>
        <Title order={2} size="h5" mb="xs">
          PayPal statements
        </Title>
        <Text size="sm">
          Ledgerport makes one statement per day and currency of each PayPal account. Turn off a PayPal account or a currency you do not want in your books: from
          then on its statements are not imported, and those not posted yet are not posted. Statements already imported stay in your settlements list; nothing is
          deleted. Each currency can post to its own clearing account (the PayPal balance of that currency in your ledger); otherwise it posts to {fallback}.
        </Text>
      </Card>
      <Card withBorder>
        <Title order={3} size="h6" mb="xs">
          PayPal accounts
        </Title>
        {form.accounts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No PayPal account yet: the account number appears here after the first statements are fetched from PayPal.
          </Text>
        ) : (
          <Table aria-label="PayPal accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>PayPal account</Table.Th>
                <Table.Th>Statements</Table.Th>
                <Table.Th>Imported and posted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.accounts.map((a, i) => (
                <Table.Tr key={a.accountId}>
                  <Table.Td>
                    {a.name}
                    {a.isConnected ? ' (connected)' : ''}
                  </Table.Td>
                  <Table.Td>{a.statementCount}</Table.Td>
                  <Table.Td>
                    <Switch
                      aria-label={`Import PayPal account ${a.accountId}`}
                      checked={a.isImported}
                      onChange={(e) => {
                        const isImported = e.currentTarget.checked;
                        setForm({ ...form, accounts: form.accounts.map((x, j) => (j === i ? { ...x, isImported } : x)) });
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder>
        <Title order={3} size="h6" mb="xs">
          Currencies
        </Title>
        <Table aria-label="PayPal currencies">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Statements</Table.Th>
              <Table.Th>Imported and posted</Table.Th>
              <Table.Th>Clearing account code</Table.Th>
              <Table.Th>Clearing account name</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.currencies.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed">
                    No currency yet: every currency is imported and posts to {fallback}. Add one to choose otherwise.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {form.currencies.map((c, i) => (
              <Table.Tr key={c.currency}>
                <Table.Td>{c.currency}</Table.Td>
                <Table.Td>{c.statementCount}</Table.Td>
                <Table.Td>
                  <Switch aria-label={`Import ${c.currency}`} checked={c.isImported} onChange={(e) => setCurrency(i, { isImported: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={`Clearing account code for ${c.currency}`} placeholder={settings.defaultClearingAccount?.code ?? ''} value={c.code} disabled={!c.isImported} error={errors[`currencies.${i}.clearingAccount.code`]} onChange={(e) => setCurrency(i, { code: e.currentTarget.value })} />
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={`Clearing account name for ${c.currency}`} placeholder={settings.defaultClearingAccount?.name ?? ''} value={c.name} disabled={!c.isImported} error={errors[`currencies.${i}.clearingAccount.name`] ?? errors[`currencies.${i}.currency`]} onChange={(e) => setCurrency(i, { name: e.currentTarget.value })} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {kit.canChange && (
          <Group mt="sm" align="flex-start">
            <TextInput aria-label="Currency to add" placeholder="EUR" value={added} error={errors.added} maxLength={3} w={120} onChange={(e) => setAdded(e.currentTarget.value)} />
            <Button variant="default" onClick={addCurrency}>
              Add currency
            </Button>
          </Group>
        )}
      </Card>
      <SettingsSaveRow kit={kit} saved={settings} />
    </SettingsTabForm>
  );
}

export function PayPalPage() {
  const { account } = useSession();
  if (account.salesChannel !== 'PAYPAL') {
    return (
      <Alert color="yellow" title="PayPal accounts only">
        PayPal settings exist only for PayPal accounts. Switch to a PayPal account to use them.
      </Alert>
    );
  }
  return (
    <SettingsTabLoader what="PayPal settings" queryKey={payPalSettingsKey(account.accountKey)} load={() => fetchPayPalSettings(account.accountKey)} versionOf={(s) => s.version}>
      {(settings) => <PayPalForm settings={settings} />}
    </SettingsTabLoader>
  );
}
