/** What the two tax tabs share: loading the account's tax settings, and the row with the Save button. */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TaxSettingsBody } from '@ledgerport/contract';
import type { ReactNode } from 'react';
import { useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { fetchTaxSettings, taxSettingsKey } from './tax-settings-api';

/** Loads the settings, then renders the form keyed by the save time: a save (here or in another tab) starts it from what was saved. */
export function TaxSettingsLoader({ what, form }: { what: string; form: (settings: TaxSettingsBody) => ReactNode }) {
  const { account } = useSession();
  const query = useQuery({ queryKey: taxSettingsKey(account.accountKey), queryFn: () => fetchTaxSettings(account.accountKey) });
  if (query.isPending) return <Loader aria-label={`Loading the ${what}`} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={`Could not load the ${what}`}>
        {query.error.message}
      </Alert>
    );
  }
  return <div key={query.data.updatedAt ?? 'never'}>{form(query.data)}</div>;
}

export function TaxSaveRow({ canChange, isSaving, isChanged }: { canChange: boolean; isSaving: boolean; isChanged: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{canChange ? '' : VIEW_ONLY_NOTE}</Text>
      <Button type="submit" loading={isSaving} disabled={!canChange || !isChanged}>
        Save
      </Button>
    </Group>
  );
}
