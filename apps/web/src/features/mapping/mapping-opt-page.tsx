/**
 * /mapping-opt (issue 30): the optimized mapping view for accounts with hundreds of transaction types.
 * One flat table, driven from the keyboard: '/' finds (filter by name, key or category), ArrowUp and
 * ArrowDown move between rows in the same column, Enter moves down, typing an account's code or name
 * completes it from one shared list (one datalist for every row, so hundreds of rows stay light), and
 * Ctrl+S (or Save) saves the changes as one new mapping version through the same call as /mapping.
 * As there, a new type nothing maps yet shows its category's account (a new fee: the fees account),
 * pre-filled and counted as a change, so one save confirms it (shown-mapping.ts).
 */
import { Alert, Badge, Button, Checkbox, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { MappingRow, Mappings } from '@ledgerport/contract';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { fetchMappings, putMappings } from './mapping-api';
import { isPrefilled, shownMapping } from './shown-mapping';

type Column = 'account' | 'tax';
type Draft = Record<string, { account?: string; tax?: string }>;

const rowKey = (r: Pick<MappingRow, 'channel' | 'typeKey'>) => `${r.channel}|${r.typeKey}`;
const optionLabel = (o: { code: string; name: string }) => `${o.code} · ${o.name}`;

/** The code a typed value names: an option's label, or its code alone (case-insensitive); undefined when none. */
export function codeOfTyped(value: string, options: ReadonlyArray<{ code: string; name: string }>): string | undefined {
  const typed = value.trim().toLowerCase();
  if (!typed) return undefined;
  return options.find((o) => optionLabel(o).toLowerCase() === typed || o.code.toLowerCase() === typed)?.code;
}

export function MappingOptPage() {
  const { account } = useSession();
  const accountKey = account.accountKey;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['mappings', accountKey], queryFn: () => fetchMappings(accountKey) });
  const [filter, setFilter] = useState('');
  const [isUnmappedOnly, setUnmappedOnly] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const filterRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableSectionElement>(null);
  const data = query.data;

  const rows = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (data?.rows ?? []).filter((r) => (!isUnmappedOnly || r.isUnmapped) && (!words || `${r.label} ${r.typeKey} ${r.category}`.toLowerCase().includes(words)));
  }, [data, filter, isUnmappedOnly]);

  const changes = useMemo(() => changedEntries(data, draft), [data, draft]);
  const save = useMutation({
    mutationFn: () => putMappings(accountKey, { entries: changes.entries, remove: [] }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['mappings', accountKey], saved);
      setDraft({});
      showToast('success', `Mapping version ${saved.version} saved.`);
    },
  });
  const canSave = changes.entries.length > 0 && changes.invalid.length === 0 && !save.isPending;

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const isTyping = target?.tagName === 'INPUT' || target?.tagName === 'TEXTAREA';
      if (e.key === '/' && !isTyping) {
        e.preventDefault();
        filterRef.current?.focus();
      }
      if (e.key === 's' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        if (canSave) save.mutate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canSave, save]);

  /** ArrowUp/ArrowDown/Enter: the same column of the row above or below. */
  const move = useCallback((e: KeyboardEvent<HTMLInputElement>, index: number, column: Column) => {
    const step = e.key === 'ArrowDown' || e.key === 'Enter' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const next = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${index + step}"][data-column="${column}"]`);
    if (!next) return;
    e.preventDefault();
    next.focus();
    next.select();
  }, []);
  const setValue = useCallback((r: MappingRow, column: Column, value: string) => setDraft((d) => ({ ...d, [rowKey(r)]: { ...d[rowKey(r)], [column]: value } })), []);

  if (query.isPending) return <Loader aria-label="Loading the mappings" />;
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="The mappings could not be loaded">
        {query.error.message}
      </Alert>
    );
  const m = query.data;
  return (
    <Stack>
      <Group justify="space-between" align="end">
        <Title order={1} size="h3">
          Mapping Options
        </Title>
        <Text size="sm" c="dimmed">
          {m.rows.length} transaction types, {m.unmappedCount} unmapped · version {m.version}
        </Text>
      </Group>
      <Text size="sm">
        Press / to find a type, ArrowUp and ArrowDown (or Enter) to move between rows, and type an account&apos;s code or name to choose it. Ctrl+S saves.
      </Text>
      <Group align="end">
        <TextInput ref={filterRef} label="Find a transaction type" placeholder="Search by text" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={320} />
        <Checkbox label="Only unmapped types" checked={isUnmappedOnly} onChange={(e) => setUnmappedOnly(e.currentTarget.checked)} />
        <Button onClick={() => save.mutate()} disabled={!canSave} loading={save.isPending}>
          Save changes ({changes.entries.length})
        </Button>
      </Group>
      {changes.invalid.length > 0 && (
        <Alert color="red" role="alert" title="Some choices are not in the chart">
          {changes.invalid.map((i) => `${i.label}: no ${i.column === 'account' ? 'account' : 'tax rate'} "${i.value}"`).join('; ')}. Choose one from the list.
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert" title="The mappings were not saved">
          {save.error.message}
        </Alert>
      )}
      <datalist id="mapping-opt-accounts">
        {m.accounts.filter((a) => a.isActive !== false).map((a) => (
          <option key={a.code} value={optionLabel(a)} />
        ))}
      </datalist>
      <datalist id="mapping-opt-tax-rates">
        {m.taxRates.filter((t) => t.isActive !== false).map((t) => (
          <option key={t.code} value={optionLabel(t)} />
        ))}
      </datalist>
      <Table withTableBorder striped aria-label="Transaction types and their accounts" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Transaction type</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Lines</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Tax rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={tableRef}>
          {rows.map((r, index) => (
            <MappingOptRow key={rowKey(r)} row={r} index={index} typed={draft[rowKey(r)]} accounts={m.accounts} taxRates={m.taxRates} onType={setValue} onMove={move} />
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && <Text>No transaction type matches.</Text>}
    </Stack>
  );
}

type Option = { code: string; name: string };
interface RowProps {
  row: MappingRow;
  index: number;
  typed: Draft[string] | undefined;
  accounts: readonly Option[];
  taxRates: readonly Option[];
  onType: (r: MappingRow, column: Column, value: string) => void;
  onMove: (e: KeyboardEvent<HTMLInputElement>, index: number, column: Column) => void;
}

/** One type's row; memoized, so a keystroke re-renders its own row and not the hundreds of others. */
const MappingOptRow = memo(function MappingOptRow({ row: r, index, typed, accounts, taxRates, onType, onMove }: RowProps) {
  const valueOf = (column: Column) => {
    const value = typed?.[column];
    if (value !== undefined) return value;
    const shown = shownMapping(r);
    const code = column === 'account' ? shown.accountCode : shown.taxRateCode;
    const option = (column === 'account' ? accounts : taxRates).find((o) => o.code === code);
    return option ? optionLabel(option) : (code ?? '');
  };
  return (
    <Table.Tr>
      <Table.Td>
        {r.label}{' '}
        {r.isUnmapped && (
          <Badge color="red" variant="light" tt="none">
            Unmapped
          </Badge>
        )}{' '}
        {isPrefilled(r) && (
          <Badge color="orange" variant="light" tt="none" title="Pre-filled with its category's account: save to confirm">
            New type
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{r.category}</Table.Td>
      <Table.Td>{r.lineCount}</Table.Td>
      {(['account', 'tax'] as const).map((column) => (
        <Table.Td key={column}>
          <input
            style={INPUT_STYLE}
            aria-label={`${column === 'account' ? 'Account' : 'Tax rate'} for ${r.label}`}
            list={column === 'account' ? 'mapping-opt-accounts' : 'mapping-opt-tax-rates'}
            data-row={index}
            data-column={column}
            value={valueOf(column)}
            onChange={(e) => onType(r, column, e.currentTarget.value)}
            onKeyDown={(e) => onMove(e, index, column)}
            onFocus={(e) => e.currentTarget.select()}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
});

const INPUT_STYLE = { width: '100%', minWidth: 220, padding: '4px 6px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, font: 'inherit' } as const;

/** The rows whose typed or pre-filled account or tax rate differ from the saved ones, as save entries, and the typed values the chart lacks. */
function changedEntries(m: Mappings | undefined, draft: Draft) {
  const entries: Array<{ channel: MappingRow['channel']; typeKey: string; accountCode: string; taxRateCode: string }> = [];
  const invalid: Array<{ label: string; column: Column; value: string }> = [];
  for (const r of m?.rows ?? []) {
    const typed = draft[rowKey(r)] ?? {};
    if (typed.account === undefined && typed.tax === undefined && !isPrefilled(r)) continue;
    const shown = shownMapping(r);
    const accountCode = typed.account === undefined ? shown.accountCode : codeOfTyped(typed.account, m!.accounts);
    const taxRateCode = typed.tax === undefined ? (shown.taxRateCode ?? m!.defaultTaxRateCode) : codeOfTyped(typed.tax, m!.taxRates);
    if (typed.account !== undefined && accountCode === undefined) invalid.push({ label: r.label, column: 'account', value: typed.account });
    if (typed.tax !== undefined && taxRateCode === undefined) invalid.push({ label: r.label, column: 'tax', value: typed.tax });
    if (!accountCode || !taxRateCode) continue;
    if (accountCode === r.accountCode && taxRateCode === r.taxRateCode) continue;
    entries.push({ channel: r.channel, typeKey: r.typeKey, accountCode, taxRateCode });
  }
  return { entries, invalid };
}
