/**
 * 'Account and Tax Rate Mappings' (/mapping): every transaction type seen in the account's
 * settlements, grouped by category with unmapped ones first, its line count and amounts, and the
 * account and tax-rate pickers. Saving writes a new mapping version; mappings can be copied from
 * another account of the same channel.
 */
import { Alert, Button, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  copyMappingsFromAccount,
  refreshAccountingReferenceData,
  saveMappings,
  type MappingRow,
  type Mappings,
} from '@ledgerport/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { focusOnceShown } from '../../ui/move-focus';
import { CopyMappingsControl } from './copy-mappings-control';
import { ACCOUNTING_SYSTEM_NAMES } from '../accounting-connect/accounting-systems';
import {
  copyMappings,
  fetchCopySources,
  fetchMappings,
  putMappings,
  refreshReferenceData,
} from './mapping-api';
import { MappingCategoryCard, rowKey, type Draft } from './mapping-category-card';
import { isPrefilled, shownMapping } from './shown-mapping';
import { RoleAccountsCard, roleKey, type RoleDraft } from './role-accounts-card';
import { accountOptions, groupMappingRows } from './mapping-groups';

/** The alert saying what is left to map: where focus goes after a save. */
const MAPPING_STATE_ID = 'mapping-state';

export function MappingPage() {
  const { account, reload } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({});
  const [roleDraft, setRoleDraft] = useState<RoleDraft>({});
  const [saving, setSaving] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['mappings', account.accountKey],
    queryFn: () => fetchMappings(account.accountKey),
  });
  const sources = useQuery({
    queryKey: ['copy-mapping-sources', account.accountKey],
    queryFn: () => fetchCopySources(account.accountKey),
  });
  const data = query.data;
  const accountsData = useMemo(() => (data ? accountOptions(data.accounts) : []), [data]);
  const taxData = useMemo(
    () => (data ? data.taxRates.map((t) => ({ value: t.code, label: `${t.name} (${t.code})${t.isActive === false ? ' (deactivated)' : ''}`, disabled: t.isActive === false })) : []),
    [data],
  );

  // A new type nothing maps yet shows its category's account, pre-filled: saving confirms it.
  const valueOf = (r: MappingRow) => draft[rowKey(r)] ?? shownMapping(r);
  const isStillUnmapped = (r: MappingRow) => {
    const v = valueOf(r);
    return !v.accountCode || !v.taxRateCode;
  };
  const groups = useMemo(() => (data ? groupMappingRows(data.rows, (r) => r.isUnmapped) : []), [data]);
  const prefilled = data ? data.rows.filter((r) => isPrefilled(r) && !draft[rowKey(r)]) : [];
  const changes = [
    ...Object.entries(draft).filter(([, v]) => v.accountCode && v.taxRateCode),
    ...prefilled.map((r) => [rowKey(r), valueOf(r)] as const),
  ];
  const roleChanges = data
    ? data.roleAccounts.filter((r) => roleDraft[roleKey(r)] && roleDraft[roleKey(r)] !== r.accountCode)
    : [];
  const changeCount = changes.length + roleChanges.length;
  const remoteSystem =
    account.accountingSystemConnected && account.accountingSystem in ACCOUNTING_SYSTEM_NAMES
      ? (account.accountingSystem as keyof typeof ACCOUNTING_SYSTEM_NAMES)
      : null;
  const systemName = data
    ? (ACCOUNTING_SYSTEM_NAMES[data.system as keyof typeof ACCOUNTING_SYSTEM_NAMES] ?? data.system)
    : '';
  const unmappedLeft = data ? data.rows.filter((r) => isStillUnmapped(r) || (isPrefilled(r) && !draft[rowKey(r)])).length : 0;

  const setRow = (r: MappingRow, patch: Partial<Draft[string]>) => {
    const current = valueOf(r);
    const next = { ...current, ...patch };
    // A tax rate is needed too: start from the row's own, else the chart's "no tax" rate.
    if (patch.accountCode && !next.taxRateCode)
      next.taxRateCode = data?.defaultTaxRateCode ?? data?.taxRates[0]?.code ?? null;
    setDraft((d) => ({ ...d, [rowKey(r)]: next }));
  };

  const accept = (m: Mappings, message: string) => {
    queryClient.setQueryData(['mappings', account.accountKey], m);
    void queryClient.invalidateQueries({ queryKey: ['settlement-detail'] });
    // mappingsCompleted moves the onboarding steps: reload the account.
    void reload().catch(() => undefined);
    setDraft({});
    setRoleDraft({});
    showToast('success', message);
  };

  async function save(extra: { isUnmappedToSuspense?: boolean } = {}) {
    if (!data) return;
    setSaving(true);
    setError(null);
    try {
      const entries = changes.map(([key, v]) => {
        const [channel, ...rest] = key.split('|');
        return {
          channel: channel as MappingRow['channel'],
          typeKey: rest.join('|'),
          accountCode: v.accountCode ?? '',
          taxRateCode: v.taxRateCode ?? '',
        };
      });
      const roles = roleChanges.map((r) => ({
        role: r.role,
        channel: r.channel,
        accountCode: roleDraft[roleKey(r)]!,
      }));
      const m = await putMappings(account.accountKey, {
        entries,
        remove: [],
        ...(roles.length ? { roles } : {}),
        ...extra,
      });
      accept(m, `Mappings saved (version ${m.version}).`);
      // Save turns off once nothing is left to save: focus goes to what the save changed, the mapping state.
      focusOnceShown(MAPPING_STATE_ID);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  }

  /** The account setting alone: no pending change (nor pre-filled new type) is saved with it. */
  async function saveNewFeeSetting(isOn: boolean) {
    setSaving(true);
    setError(null);
    try {
      const m = await putMappings(account.accountKey, { entries: [], remove: [], isNewFeeTypeToFees: isOn });
      queryClient.setQueryData(['mappings', account.accountKey], m);
      void queryClient.invalidateQueries({ queryKey: ['settlement-detail'] });
      showToast('success', isOn ? 'Fees of new transaction types now post to the fees account until you map them.' : 'New transaction types now wait for a mapping before they are sent.');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setSaving(false);
    }
  }

  async function refreshChart() {
    setRefreshing(true);
    setError(null);
    try {
      await refreshReferenceData(account.accountKey);
      const m = await fetchMappings(account.accountKey);
      queryClient.setQueryData(['mappings', account.accountKey], m);
      showToast('success', `Chart of accounts refreshed from ${systemName}.`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setRefreshing(false);
    }
  }

  if (query.error) {
    return (
      <Alert color="red" role="alert">
        {query.error instanceof ApiError
          ? query.error.message
          : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  }
  if (!data) return <Text c="dimmed">Loading the mappings…</Text>;

  const copySources = (sources.data?.accounts ?? []).filter((a) => a.accountKey !== account.accountKey);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {data.chartSource === 'connected'
            ? `Accounts and tax rates from your ${systemName} file.`
            : `Accounts and tax rates of Ledgerport's default ${systemName} chart.`}{' '}
          Mapping version {data.version}
          {data.copiedFrom ? `, copied from ${data.copiedFrom.accountKey}` : ''}.
        </Text>
        <Group gap="xs">
          {remoteSystem && (
            <CallGate entry={refreshAccountingReferenceData}>
              <Button variant="default" loading={refreshing} onClick={() => void refreshChart()}>
                Refresh from {ACCOUNTING_SYSTEM_NAMES[remoteSystem]}
              </Button>
            </CallGate>
          )}
          <CallGate entry={copyMappingsFromAccount}>
            <CopyMappingsControl
              sources={copySources}
              onCopy={async (from) => {
                try {
                  accept(await copyMappings(account.accountKey, from), 'Mappings copied.');
                } catch (e) {
                  setError(
                    e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.',
                  );
                }
              }}
            />
          </CallGate>
        </Group>
      </Group>
      {refreshing && (
        <Progress value={100} animated aria-label={`Fetching the chart of accounts from ${systemName}`} />
      )}
      {data.rows.length === 0 ? (
        <Alert color="blue" title="No transaction types yet" role="status" id={MAPPING_STATE_ID}>
          Load a settlement first: its transaction types will be listed here to map.
        </Alert>
      ) : unmappedLeft > 0 ? (
        <Alert
          color="yellow"
          title={`${unmappedLeft} transaction type${unmappedLeft === 1 ? '' : 's'} to map`}
          role="status"
          id={MAPPING_STATE_ID}
        >
          Choose an account and a tax rate for each, then save. Settlements with unmapped types cannot be
          posted
          {data.isUnmappedToSuspense ? ' (they go to the suspense account)' : ''}.
          {prefilled.length > 0 &&
            ` ${prefilled.length === 1 ? 'One is a new transaction type' : `${prefilled.length} are new transaction types`} the channel started sending: ${prefilled.length === 1 ? 'it is' : 'they are'} pre-filled with the account of ${prefilled.length === 1 ? 'its' : 'their'} category, so saving confirms ${prefilled.length === 1 ? 'it' : 'them'}.`}
        </Alert>
      ) : (
        <Alert color="green" title="Everything is mapped" role="status" id={MAPPING_STATE_ID}>
          Every transaction type used has an account and a tax rate.
        </Alert>
      )}
      {data.system === 'MANUAL' && (
        <Text size="sm" c="dimmed">
          On the built-in ledger a tax rate above 0% splits a line into its base and its tax, which posts to the rate&apos;s tax account. Add accounts and rates under{' '}
          <Link to="/account-settings/built-in-ledger">Settings &gt; Built-in ledger</Link>.
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <CallGate entry={saveMappings}>
        <Group
          justify="space-between"
          pos="sticky"
          top={0}
          bg="var(--mantine-color-body)"
          py="xs"
          style={{ zIndex: 2 }}
        >
          <Stack gap={4}>
            <Checkbox
              label="Post amounts of unmapped types to the suspense account"
              checked={data.isUnmappedToSuspense}
              onChange={(e) => void save({ isUnmappedToSuspense: e.currentTarget.checked })}
            />
            <Checkbox
              label="Post fees of new transaction types to the fees account until they are mapped"
              checked={data.isNewFeeTypeToFees}
              disabled={saving}
              onChange={(e) => void saveNewFeeSetting(e.currentTarget.checked)}
            />
          </Stack>
          <Group gap="xs">
            {Object.keys(draft).length + roleChanges.length > 0 && (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft({});
                  setRoleDraft({});
                }}
              >
                Discard changes
              </Button>
            )}
            <Button onClick={() => void save()} loading={saving} disabled={changeCount === 0}>
              Save mappings{changeCount ? ` (${changeCount})` : ''}
            </Button>
          </Group>
        </Group>
        {data.roleAccounts.length > 0 && (
          <RoleAccountsCard
            data={data}
            systemName={systemName}
            accountsData={accountsData}
            draft={roleDraft}
            onChange={(r, code) => setRoleDraft((d) => ({ ...d, [roleKey(r)]: code ?? r.accountCode }))}
          />
        )}
        {groups.map((g) => (
          <MappingCategoryCard
            key={g.category}
            group={g}
            accountsData={accountsData}
            taxData={taxData}
            draft={draft}
            valueOf={valueOf}
            onChange={setRow}
          />
        ))}
      </CallGate>
    </Stack>
  );
}
