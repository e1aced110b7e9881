/**
 * Settings > Statements Accounts and Taxes: the tax rates of the accounting system this account
 * posts with, which of them sales, fees, the reverse charge and untaxed lines carry, and the
 * statement account payouts are booked to instead of the chart's clearing account. Saved together,
 * recorded in History; documents not posted yet follow at once.
 */
import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { saveStatementAccountsAndTaxes, TAX_RATES_MAX, type SaveStatementAccountsAndTaxes, type TaxSettingsBody } from '@ledgerport/contract';
import { useSession } from '../../lib/session-context';
import { SettingsSaveRow, SettingsTabForm, useSettingsTabForm } from './settings-tab-form';
import { taxSettingsKey } from './tax-settings-api';
import { TaxSettingsLoader } from './tax-settings-frame';
import { TaxTreatmentCard } from './tax-treatment-card';

type Rates = SaveStatementAccountsAndTaxes['rates'];
type Form = { taxRates: { code: string; name: string }[]; rates: Rates; hasStatementAccount: boolean; statementCode: string; statementName: string };

const RATE_FIELDS: { key: keyof Rates; label: string; description: string }[] = [
  { key: 'sales', label: 'Sales tax rate', description: 'Sales, shipping and refunds of a registered business.' },
  { key: 'fees', label: 'Fees tax rate', description: 'Marketplace fees and advertising of a business registered outside the EU and the UK.' },
  { key: 'reverseCharge', label: 'Reverse charge tax rate', description: 'Marketplace fees and advertising of a business registered in the EU or the UK.' },
  { key: 'noTax', label: 'No-tax rate', description: 'Every line of a business that is not registered, and lines outside the scope of tax.' },
];

const formOf = (s: TaxSettingsBody): Form => ({
  taxRates: s.taxRates.map((t) => ({ ...t })),
  rates: { ...s.rates },
  hasStatementAccount: s.statementAccount !== null,
  statementCode: s.statementAccount?.code ?? '',
  statementName: s.statementAccount?.name ?? '',
});
const bodyOf = (f: Form): SaveStatementAccountsAndTaxes => ({
  taxRates: f.taxRates,
  rates: f.rates,
  statementAccount: f.hasStatementAccount ? { code: f.statementCode, name: f.statementName } : null,
});

function StatementAccountsAndTaxesForm({ settings }: { settings: TaxSettingsBody }) {
  const { account } = useSession();
  const kit = useSettingsTabForm({ entry: saveStatementAccountsAndTaxes, settings, queryKey: taxSettingsKey(account.accountKey), formOf, bodyOf, savedMessage: () => 'Statement accounts and taxes saved.' });
  const { form, setForm, errors } = kit;
  const codes = [...new Set(form.taxRates.map((t) => t.code.trim()).filter((c) => c !== ''))];
  const missingChartRates = settings.chartTaxRates.filter((t) => t.code !== '' && !form.taxRates.some((r) => r.code.trim() === t.code));
  const setRate = (i: number, field: 'code' | 'name', value: string) => setForm((f) => ({ ...f, taxRates: f.taxRates.map((t, j) => (j === i ? { ...t, [field]: value } : t)) }));

  return (
    <SettingsTabForm kit={kit} maw={900}>
      <Card withBorder aria-label="Tax rates">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>Tax rates</Text>
          <Group gap="xs">
            {missingChartRates.length > 0 && (
              <Button variant="light" size="xs" onClick={() => setForm((f) => ({ ...f, taxRates: [...f.taxRates, ...missingChartRates] }))}>
                Add the accounting system's rates ({missingChartRates.length})
              </Button>
            )}
            <Button variant="light" size="xs" disabled={form.taxRates.length >= TAX_RATES_MAX} onClick={() => setForm((f) => ({ ...f, taxRates: [...f.taxRates, { code: '', name: '' }] }))}>
              Add tax rate
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" mb="xs">
          The codes your accounting system knows its tax rates by (Xero tax type, QuickBooks tax code, Sage tax rate id).
        </Text>
        {errors.taxRates && <Text c="red" size="sm">{errors.taxRates}</Text>}
        {form.taxRates.length === 0 ? (
          <Text size="sm">No tax rates yet: every line keeps the tax rate of its mapping.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.taxRates.map((t, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput aria-label={`Code of tax rate ${i + 1}`} value={t.code} onChange={(e) => setRate(i, 'code', e.currentTarget.value)} error={errors[`taxRates.${i}.code`]} maxLength={50} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`Name of tax rate ${i + 1}`} value={t.name} onChange={(e) => setRate(i, 'name', e.currentTarget.value)} error={errors[`taxRates.${i}.name`]} maxLength={150} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove tax rate ${t.code || i + 1}`} onClick={() => setForm((f) => ({ ...f, taxRates: f.taxRates.filter((_, j) => j !== i) }))}>
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder aria-label="Rates used by posting">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {RATE_FIELDS.map(({ key, label, description }) => (
            <Select
              key={key}
              label={label}
              description={description}
              placeholder="The mapping's own rate"
              data={form.rates[key] !== null && !codes.includes(form.rates[key]) ? [...codes, form.rates[key]] : codes}
              value={form.rates[key]}
              onChange={(v) => setForm((f) => ({ ...f, rates: { ...f.rates, [key]: v } }))}
              clearable
              error={errors[`rates.${key}`]}
             
            />
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder aria-label="Statement account">
        <Stack>
          <Switch
            label="Book payouts to a statement account"
            description={`Instead of the chart's clearing account${settings.clearingAccount ? ` (${settings.clearingAccount.code} ${settings.clearingAccount.name})` : ''}, for example the bank account the payouts reach.`}
            checked={form.hasStatementAccount}
            onChange={(e) => {
              const hasStatementAccount = e.currentTarget.checked;
              setForm((f) => ({ ...f, hasStatementAccount }));
            }}
           
          />
          {form.hasStatementAccount && (
            <Group grow>
              <TextInput label="Statement account code" value={form.statementCode} onChange={(e) => setForm({ ...form, statementCode: e.currentTarget.value })} error={errors['statementAccount.code']} withAsterisk maxLength={150} />
              <TextInput label="Statement account name" value={form.statementName} onChange={(e) => setForm({ ...form, statementName: e.currentTarget.value })} error={errors['statementAccount.name']} withAsterisk maxLength={150} />
            </Group>
          )}
        </Stack>
      </Card>
      <SettingsSaveRow kit={kit} />
      <TaxTreatmentCard settings={settings} />
    </SettingsTabForm>
  );
}

export function StatementAccountsAndTaxesPage() {
  return <TaxSettingsLoader what="statement accounts and taxes" form={(settings) => <StatementAccountsAndTaxesForm settings={settings} />} />;
}
