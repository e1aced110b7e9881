/** What the two tax tabs share besides the settings-tab kit: the one settings object both edit. */
import type { TaxSettingsBody } from '@ledgerport/contract';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session-context';
import { SettingsTabLoader } from './settings-tab-form';
import { fetchTaxSettings, taxSettingsKey } from './tax-settings-api';

export function TaxSettingsLoader({ what, form }: { what: string; form: (settings: TaxSettingsBody) => ReactNode }) {
  const { account } = useSession();
  return (
    <SettingsTabLoader what={what} queryKey={taxSettingsKey(account.accountKey)} load={() => fetchTaxSettings(account.accountKey)} versionOf={(s) => s.updatedAt ?? 'never'}>
      {form}
    </SettingsTabLoader>
  );
}
