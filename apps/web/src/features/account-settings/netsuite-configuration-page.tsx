/**
 * Settings > NetSuite Configuration (decision 0043): the subsidiary, department, class and location
 * every journal entry sent to NetSuite carries, chosen from the lists read from the connected NetSuite.
 * The owner chooses; everyone else reads. Each save is one line in Settings > History.
 */
import { Alert, Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NetSuiteConfigurationBody, SaveNetSuiteConfiguration } from '@ledgerport/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { useOptionalSession, useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';

const configurationKey = (accountKey: string) => ['netsuite-configuration', accountKey];
const fetchConfiguration = (accountKey: string) => api.get<NetSuiteConfigurationBody>('/account/netsuite-configuration', { accountKey });
const putConfiguration = (accountKey: string, body: SaveNetSuiteConfiguration) => api.put<NetSuiteConfigurationBody>('/account/netsuite-configuration', body, { accountKey });

type Segment = 'subsidiary' | 'department' | 'class' | 'location';
const FIELDS: { segment: Segment; idKey: keyof SaveNetSuiteConfiguration; list: keyof NetSuiteConfigurationBody['choices']; label: string; description: string }[] = [
  { segment: 'subsidiary', idKey: 'subsidiaryId', list: 'subsidiaries', label: 'Subsidiary', description: 'The company in NetSuite the journal entries are booked to (OneWorld accounts).' },
  { segment: 'department', idKey: 'departmentId', list: 'departments', label: 'Department', description: 'Carried by the journal entry and each of its lines.' },
  { segment: 'class', idKey: 'classId', list: 'classes', label: 'Class', description: 'Carried by the journal entry and each of its lines.' },
  { segment: 'location', idKey: 'locationId', list: 'locations', label: 'Location', description: 'Carried by the journal entry and each of its lines.' },
];

const formOf = (c: NetSuiteConfigurationBody): SaveNetSuiteConfiguration => ({
  subsidiaryId: c.subsidiary?.id ?? null,
  departmentId: c.department?.id ?? null,
  classId: c.class?.id ?? null,
  locationId: c.location?.id ?? null,
});

/** The list's records, plus the saved one when NetSuite no longer lists it (or cannot be read), so the choice stays visible. */
function optionsOf(configuration: NetSuiteConfigurationBody, segment: Segment, list: keyof NetSuiteConfigurationBody['choices']) {
  const records = configuration.choices[list];
  const saved = configuration[segment];
  const all = saved && !records.some((r) => r.id === saved.id) ? [...records, saved] : records;
  return all.map((r) => ({ value: r.id, label: r.name }));
}

function ConfigurationForm({ configuration }: { configuration: NetSuiteConfigurationBody }) {
  const { account } = useSession();
  const isOwner = useOptionalSession()?.meta.accessLevel === 'manage';
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SaveNetSuiteConfiguration>(() => formOf(configuration));
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isChanged = JSON.stringify(form) !== JSON.stringify(formOf(configuration));
  const canSave = isOwner && configuration.isConnected;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const saved = await putConfiguration(account.accountKey, form);
      queryClient.setQueryData(configurationKey(account.accountKey), saved);
      showToast('success', 'NetSuite configuration saved. The next journal entries sent to NetSuite carry it.');
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack maw={760}>
      <Text size="sm" c="dimmed">
        Every journal entry Ledgerport sends to NetSuite is booked to the subsidiary chosen here, and it and each of its lines carry the department, class and location chosen here.
        Leave a field empty to send none. Changes apply to journal entries sent from now on; entries already in NetSuite keep what they were sent with.
      </Text>
      {configuration.choicesProblem && (
        <Alert color="yellow" title="NetSuite's lists are not available">
          {configuration.choicesProblem} <Link to="/account-settings/connections">Open Connections</Link>
        </Alert>
      )}
      <Card withBorder component="form" onSubmit={(e: FormEvent) => void save(e)} aria-label="NetSuite configuration">
        <Stack>
          {FIELDS.map(({ segment, idKey, list, label, description }) => (
            <Select
              key={segment}
              label={label}
              description={description}
              placeholder={`No ${label.toLowerCase()}`}
              data={optionsOf(configuration, segment, list)}
              value={form[idKey] ?? null}
              onChange={(value) => setForm((f) => ({ ...f, [idKey]: value }))}
              searchable
              clearable
              nothingFoundMessage={`No ${label.toLowerCase()} of that name in NetSuite`}
              disabled={!canSave}
            />
          ))}
          {problem && (
            <Alert color="red" role="alert" title="Not saved">
              {problem}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm">{isOwner ? '' : "Only the account's owner can change the NetSuite configuration."}</Text>
            <Button type="submit" loading={isSaving} disabled={!canSave || !isChanged}>
              Save
            </Button>
          </Group>
        </Stack>
      </Card>
      {configuration.updatedAt && (
        <Text size="sm" c="dimmed">
          Last changed {new Date(configuration.updatedAt).toLocaleString()}
          {configuration.updatedBy ? ` by ${configuration.updatedBy}` : ''}. Every change is listed under <Link to="/account-settings/history">History</Link>.
        </Text>
      )}
    </Stack>
  );
}

export function NetSuiteConfigurationPage() {
  const { account } = useSession();
  const query = useQuery({ queryKey: configurationKey(account.accountKey), queryFn: () => fetchConfiguration(account.accountKey) });
  if (query.isPending) return <Loader aria-label="Loading the NetSuite configuration" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the NetSuite configuration">
        {query.error.message}
      </Alert>
    );
  }
  return <ConfigurationForm key={query.data.updatedAt ?? 'never'} configuration={query.data} />;
}
