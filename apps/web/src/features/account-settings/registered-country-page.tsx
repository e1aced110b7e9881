/**
 * Settings > Registered Country: the country the business is established in and whether it is
 * registered for VAT or GST there, with its registration number. Registration decides the tax rate
 * of every document line (core's tax treatment): shown below the form, and in the settlement preview.
 */
import { Alert, Card, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { saveRegisteredCountry, type SaveRegisteredCountry, type TaxSettingsBody } from '@ledgerport/contract';
import { isReverseChargeCountry, TAX_COUNTRIES } from '@ledgerport/core/posting';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { SettingsSaveRow, SettingsTabForm, useSettingsTabForm } from './settings-tab-form';
import { taxSettingsKey } from './tax-settings-api';
import { TaxSettingsLoader } from './tax-settings-frame';
import { TaxTreatmentCard } from './tax-treatment-card';

const COUNTRY_OPTIONS = TAX_COUNTRIES.map(([code, name, tax]) => ({ value: code, label: `${name} (${tax})` }));
const taxWordOf = (country: string | null) => TAX_COUNTRIES.find(([code]) => code === country)?.[2] ?? 'VAT or GST';

type Form = { country: string | null; isRegistered: boolean; registrationNumber: string };
const formOf = (s: TaxSettingsBody): Form => ({ country: s.country, isRegistered: s.isRegistered, registrationNumber: s.registrationNumber ?? '' });
const bodyOf = (f: Form): SaveRegisteredCountry => ({
  country: f.country as SaveRegisteredCountry['country'],
  isRegistered: f.isRegistered,
  registrationNumber: f.registrationNumber.trim() === '' ? null : f.registrationNumber,
});

const savedMessage = (saved: TaxSettingsBody) => (saved.isRegistered ? `Registered country saved: ${taxWordOf(saved.country)} registered.` : 'Registered country saved: not registered, lines post with no tax.');

function RegisteredCountryForm({ settings }: { settings: TaxSettingsBody }) {
  const { account } = useSession();
  const kit = useSettingsTabForm({ entry: saveRegisteredCountry, settings, queryKey: taxSettingsKey(account.accountKey), formOf, bodyOf, savedMessage });
  const { form, setForm, errors } = kit;
  const taxWord = taxWordOf(form.country);

  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        A business registered for VAT or GST posts its sales with the sales tax rate and its marketplace fees with the fees rate, or with the reverse charge when it is registered in
        the EU or the UK. A business that is not registered posts every line gross, with no tax. Choose the rates under{' '}
        <Link to="/account-settings/statements-accounts-and-taxes">Statements Accounts and Taxes</Link>.
      </Text>
      <Card withBorder>
        <SettingsTabForm kit={kit} label="Registered country">
          <Select
            label="Country"
            description="The country the business is established in."
            placeholder="Choose a country"
            data={COUNTRY_OPTIONS}
            value={form.country}
            onChange={(v) => setForm((f) => ({ ...f, country: v }))}
            searchable
            clearable
            error={errors.country}
          />
          <Switch
            label={`Registered for ${taxWord}`}
            description={`Turn on when the business charges ${taxWord} and reclaims it on its costs.`}
            checked={form.isRegistered}
            onChange={(e) => {
              const isRegistered = e.currentTarget.checked;
              setForm((f) => ({ ...f, isRegistered }));
            }}
          />
          {form.isRegistered && (
            <TextInput
              label={`${taxWord} registration number`}
              value={form.registrationNumber}
              onChange={(e) => {
                const registrationNumber = e.currentTarget.value;
                setForm((f) => ({ ...f, registrationNumber }));
              }}
              error={errors.registrationNumber}
              maxLength={30}
              withAsterisk
            />
          )}
          {form.isRegistered && isReverseChargeCountry(form.country) && (
            <Alert color="blue" title="Reverse charge on marketplace fees">
              Marketplace fees and advertising will post with the reverse charge rate: you account for the {taxWord} on them yourself.
            </Alert>
          )}
          <SettingsSaveRow kit={kit} />
        </SettingsTabForm>
      </Card>
      <TaxTreatmentCard settings={settings} />
    </Stack>
  );
}

export function RegisteredCountryPage() {
  return <TaxSettingsLoader what="registered country" form={(settings) => <RegisteredCountryForm settings={settings} />} />;
}
