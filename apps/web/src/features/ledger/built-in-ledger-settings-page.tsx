/**
 * Settings > Built-in ledger (decision 0058): the chart of accounts of the built-in ledger (add,
 * rename, deactivate; sort and filter) and its VAT/GST rates (a name, an exact percentage, the
 * account the tax posts to). Every rule (unique code, role accounts stay active, a used account is
 * deactivated rather than deleted) is the server's, from core; this page shows its answers.
 */
import { Alert, Badge, Button, Card, Group, Loader, Modal, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addBuiltInLedgerAccount, LEDGER_ACCOUNT_KINDS, type BuiltInLedgerChart } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { useMemo, useState, type FormEvent } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { useMayCall, useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { LedgerLockCard } from './ledger-lock-card';

type Account = BuiltInLedgerChart['accounts'][number];
type Rate = BuiltInLedgerChart['taxRates'][number];
type Kind = (typeof LEDGER_ACCOUNT_KINDS)[number];

const KIND_LABELS: Record<Kind, string> = { asset: 'Asset', liability: 'Liability', equity: 'Equity', income: 'Income', expense: 'Expense' };
const KIND_OPTIONS = LEDGER_ACCOUNT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));
const chartKey = (accountKey: string) => ['built-in-ledger-chart', accountKey];

/** Sends one change, puts the answered chart in the cache, and says what happened (or why not). */
function useChartChange() {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [isBusy, setBusy] = useState(false);
  const run = async (change: (accountKey: string) => Promise<BuiltInLedgerChart>, success: string): Promise<boolean> => {
    setBusy(true);
    try {
      queryClient.setQueryData(chartKey(account.accountKey), await change(account.accountKey));
      // Mappings and settlement previews read the chart: fetch them again.
      await queryClient.invalidateQueries({ queryKey: ['mappings'] });
      await queryClient.invalidateQueries({ queryKey: ['settlement-detail'] });
      showToast('success', success);
      return true;
    } catch (err) {
      showToast('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, isBusy };
}

function RenameAccountModal({ target, onClose }: { target: Account | null; onClose: () => void }) {
  const [name, setName] = useState(target?.name ?? '');
  const { run, isBusy } = useChartChange();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    if (await run((accountKey) => api.put('/ledger/chart/account', { code: target.code, name }, { accountKey }), `Account ${target.code} renamed to ${name.trim()}.`)) onClose();
  };
  return (
    <Modal opened={target !== null} onClose={onClose} title={`Rename account ${target?.code ?? ''}`}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <TextInput label="Account name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-autofocus required />
          <Text size="xs" c="dimmed">
            The code and type stay. The exports keep naming it {target?.path}, so its history stays one account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isBusy} disabled={name.trim() === '' || name.trim() === target?.name}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AddAccountForm({ canChange }: { canChange: boolean }) {
  const [form, setForm] = useState<{ code: string; name: string; kind: Kind | null }>({ code: '', name: '', kind: null });
  const { run, isBusy } = useChartChange();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.kind) return;
    const body = { code: form.code, name: form.name, kind: form.kind };
    if (await run((accountKey) => api.post('/ledger/chart/accounts', body, { accountKey }), `Account ${form.code.trim()} · ${form.name.trim()} added.`)) setForm({ code: '', name: '', kind: null });
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add an account">
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Code" value={form.code} onChange={(e) => setForm({ ...form, code: e.currentTarget.value })} maxLength={60} w={160} disabled={!canChange} required />
        <TextInput label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} maxLength={100} w={260} disabled={!canChange} required />
        <Select label="Type" placeholder="Choose a type" data={KIND_OPTIONS} value={form.kind} onChange={(v) => setForm({ ...form, kind: v })} w={160} disabled={!canChange} />
        <Button type="submit" loading={isBusy} disabled={!canChange || form.code.trim() === '' || form.name.trim() === '' || form.kind === null}>
          Add account
        </Button>
      </Group>
    </form>
  );
}

function ChartOfAccountsCard({ chart, canChange }: { chart: BuiltInLedgerChart; canChange: boolean }) {
  const [filter, setFilter] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [showInactive, setShowInactive] = useState(true);
  const [renaming, setRenaming] = useState<Account | null>(null);
  const { run, isBusy } = useChartChange();
  const rows = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return chart.accounts.filter((a) => (showInactive || a.isActive) && (kind === null || a.kind === kind) && (text === '' || `${a.code} ${a.name}`.toLowerCase().includes(text)));
  }, [chart.accounts, filter, kind, showInactive]);
  const toggle = (a: Account) =>
    void run((accountKey) => api.put('/ledger/chart/account', { code: a.code, isActive: !a.isActive }, { accountKey }), a.isActive ? `${a.name} is deactivated: it can no longer be chosen in a mapping.` : `${a.name} is active again.`);
  const columns: Array<DataColumn<Account>> = [
    { id: 'code', header: 'Code', sortValue: (a) => a.code, cell: (a) => a.code },
    { id: 'name', header: 'Name', sortValue: (a) => a.name, cell: (a) => a.name },
    { id: 'kind', header: 'Type', sortValue: (a) => a.kind, cell: (a) => KIND_LABELS[a.kind] },
    {
      id: 'status',
      header: 'Status',
      sortValue: (a) => (a.isActive ? 0 : 1),
      cell: (a) => (
        <Group gap={4}>
          <Badge color={a.isActive ? 'green' : 'gray'} variant="light">
            {a.isActive ? 'Active' : 'Deactivated'}
          </Badge>
          {a.isPosted && (
            <Badge color="blue" variant="light">
              Posted
            </Badge>
          )}
        </Group>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={() => setRenaming(a)} disabled={!canChange} aria-label={`Rename ${a.name}`}>
            Rename
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => toggle(a)}
            loading={isBusy}
            disabled={!canChange || (a.isActive && a.mustStayActiveReason !== null)}
            title={a.isActive ? (a.mustStayActiveReason ?? undefined) : undefined}
            aria-label={`${a.isActive ? 'Deactivate' : 'Reactivate'} ${a.name}`}
          >
            {a.isActive ? 'Deactivate' : 'Reactivate'}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">
          Chart of accounts
        </Title>
        <Text size="sm" c="dimmed">
          The accounts the built-in ledger posts to. An account with posted journals can be renamed and deactivated but not deleted; a deactivated account stays in the
          mappings that use it and can no longer be chosen for a new one.
        </Text>
        <Group align="flex-end">
          <TextInput label="Filter accounts" placeholder="Code or name" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={240} />
          <Select label="Type" placeholder="Every type" data={KIND_OPTIONS} value={kind} onChange={setKind} clearable w={160} />
          <Switch label="Show deactivated accounts" checked={showInactive} onChange={(e) => setShowInactive(e.currentTarget.checked)} mb={6} />
        </Group>
        <DataTable label="Chart of accounts" columns={columns} rows={rows} getRowId={(a) => a.code} emptyText="No account matches the filter." initialSort={{ id: 'code', desc: false }} />
        <AddAccountForm canChange={canChange} />
      </Stack>
      {renaming && <RenameAccountModal key={renaming.code} target={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}

type RateForm = { code: string; name: string; ratePercent: string; taxAccountCode: string | null };

function RateFields({ form, setForm, accounts, isNew, canChange }: { form: RateForm; setForm: (f: RateForm) => void; accounts: Account[]; isNew: boolean; canChange: boolean }) {
  const options = accounts.filter((a) => a.isActive || a.code === form.taxAccountCode).map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` }));
  return (
    <>
      {isNew && <TextInput label="Code" value={form.code} onChange={(e) => setForm({ ...form, code: e.currentTarget.value })} maxLength={30} w={120} disabled={!canChange} required />}
      <TextInput label="Tax rate name" value={form.name} onChange={(e) => setForm({ ...form, name: e.currentTarget.value })} maxLength={100} w={200} disabled={!canChange} required />
      <TextInput label="Rate (%)" value={form.ratePercent} onChange={(e) => setForm({ ...form, ratePercent: e.currentTarget.value })} w={100} disabled={!canChange} required inputMode="decimal" />
      <Select label="Tax account" placeholder="Choose an account" data={options} value={form.taxAccountCode} onChange={(v) => setForm({ ...form, taxAccountCode: v })} searchable w={260} disabled={!canChange} />
    </>
  );
}

function EditRateModal({ target, accounts, onClose }: { target: Rate; accounts: Account[]; onClose: () => void }) {
  const [form, setForm] = useState<RateForm>({ code: target.code, name: target.name, ratePercent: target.ratePercent, taxAccountCode: target.taxAccountCode });
  const { run, isBusy } = useChartChange();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { code: target.code, name: form.name, ratePercent: form.ratePercent, ...(form.taxAccountCode ? { taxAccountCode: form.taxAccountCode } : {}) };
    if (await run((accountKey) => api.put('/ledger/chart/tax-rate', body, { accountKey }), `Tax rate ${form.name.trim()} saved.`)) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={`Edit tax rate ${target.name}`} size="lg">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <Group align="flex-end">
            <RateFields form={form} setForm={setForm} accounts={accounts} isNew={false} canChange />
          </Group>
          <Text size="xs" c="dimmed">
            Settlements not posted yet follow the new rate at once; posted journals keep the tax they were posted with.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={isBusy}>
              Save tax rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TaxRatesCard({ chart, canChange }: { chart: BuiltInLedgerChart; canChange: boolean }) {
  const [editing, setEditing] = useState<Rate | null>(null);
  const [form, setForm] = useState<RateForm>({ code: '', name: '', ratePercent: '', taxAccountCode: null });
  const { run, isBusy } = useChartChange();
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.taxAccountCode) return;
    const body = { code: form.code, name: form.name, ratePercent: form.ratePercent, taxAccountCode: form.taxAccountCode };
    if (await run((accountKey) => api.post('/ledger/chart/tax-rates', body, { accountKey }), `Tax rate ${form.name.trim()} added.`)) setForm({ code: '', name: '', ratePercent: '', taxAccountCode: null });
  };
  const toggle = (r: Rate) =>
    void run((accountKey) => api.put('/ledger/chart/tax-rate', { code: r.code, isActive: !r.isActive }, { accountKey }), r.isActive ? `${r.name} is deactivated: it can no longer be chosen in a mapping.` : `${r.name} is active again.`);
  const columns: Array<DataColumn<Rate>> = [
    { id: 'name', header: 'Name', sortValue: (r) => r.name, cell: (r) => r.name },
    { id: 'code', header: 'Code', sortValue: (r) => r.code, cell: (r) => r.code },
    { id: 'rate', header: 'Rate', align: 'right', sortValue: (r) => parseDecimalUnits(r.ratePercent) ?? 0n, cell: (r) => `${r.ratePercent}%` },
    { id: 'account', header: 'Tax account', sortValue: (r) => r.taxAccountName ?? '', cell: (r) => (r.taxAccountCode ? `${r.taxAccountCode} · ${r.taxAccountName ?? ''}` : '--') },
    { id: 'status', header: 'Status', sortValue: (r) => (r.isActive ? 0 : 1), cell: (r) => <Badge color={r.isActive ? 'green' : 'gray'} variant="light">{r.isActive ? 'Active' : 'Deactivated'}</Badge> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="default" onClick={() => setEditing(r)} disabled={!canChange} aria-label={`Edit ${r.name}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => toggle(r)} loading={isBusy} disabled={!canChange} aria-label={`${r.isActive ? 'Deactivate' : 'Reactivate'} ${r.name}`}>
            {r.isActive ? 'Deactivate' : 'Reactivate'}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder>
      <Stack>
        <Title order={3} size="h4">
          Tax rates
        </Title>
        <Text size="sm" c="dimmed">
          A mapping line with a rate above 0% is split into its base and its tax: settlement amounts include the tax, so the tax is amount × rate ÷ (100 + rate), rounded to the currency&apos;s
          smallest unit (the cent), and posts to the rate&apos;s tax account.
        </Text>
        <DataTable label="Tax rates" columns={columns} rows={chart.taxRates} getRowId={(r) => r.code} emptyText="No tax rates yet." />
        <form onSubmit={(e) => void add(e)} aria-label="Add a tax rate">
          <Group align="flex-end" wrap="wrap">
            <RateFields form={form} setForm={setForm} accounts={chart.accounts} isNew canChange={canChange} />
            <Button type="submit" loading={isBusy} disabled={!canChange || form.code.trim() === '' || form.name.trim() === '' || form.ratePercent.trim() === '' || !form.taxAccountCode}>
              Add tax rate
            </Button>
          </Group>
        </form>
      </Stack>
      {editing && <EditRateModal key={editing.code} target={editing} accounts={chart.accounts} onClose={() => setEditing(null)} />}
    </Card>
  );
}

export function BuiltInLedgerSettingsPage() {
  const { account } = useSession();
  const canChange = useMayCall(addBuiltInLedgerAccount); // every change of the chart and its rates is a 'write' entry
  const query = useQuery({ queryKey: chartKey(account.accountKey), queryFn: () => api.get<BuiltInLedgerChart>('/ledger/chart', { accountKey: account.accountKey }) });
  if (query.isPending) return <Loader aria-label="Loading the built-in ledger" />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the built-in ledger">
        {query.error.message}
      </Alert>
    );
  }
  return (
    <Stack maw={1200}>
      {!canChange && <Text size="sm">{VIEW_ONLY_NOTE}</Text>}
      <ChartOfAccountsCard chart={query.data} canChange={canChange} />
      <TaxRatesCard chart={query.data} canChange={canChange} />
      <LedgerLockCard />
    </Stack>
  );
}
