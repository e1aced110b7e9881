/**
 * Cost Admin's bundles (kits) and purchase lots (issue 17): make a SKU a bundle of component SKUs (or
 * a plain SKU again), and record the lots FIFO costs from, listed oldest first with the units each
 * has left, filtered by SKU and sorted by SKU, purchase date or units left.
 */
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addPurchaseLot, saveBundle as saveBundleEntry } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { MoneyText } from '../../ui/money-text';
import { addLot, fetchLots, saveBundle, type PurchaseLotBody } from './cogs-api';

const messageOf = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.';

type Component = { sku: string; quantity: string };

export function BundleCard({ accountKey, onSaved }: { accountKey: string; onSaved: () => void }) {
  const [bundleSku, setBundleSku] = useState('');
  const [components, setComponents] = useState<Component[]>([{ sku: '', quantity: '1' }]);
  const [error, setError] = useState<string | null>(null);
  const setComponent = (i: number, patch: Partial<Component>) =>
    setComponents(components.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  async function submit() {
    setError(null);
    const filled = components.filter((c) => c.sku.trim() !== '');
    const bad = filled.findIndex((c) => !/^\d+$/.test(c.quantity.trim()) || Number(c.quantity) < 1);
    if (bad >= 0) return setError(`Component ${filled[bad]!.sku}: the quantity is a whole number of at least 1.`);
    try {
      const saved = await saveBundle(accountKey, {
        bundleSku: bundleSku.trim(),
        components: filled.map((c) => ({ sku: c.sku.trim(), quantity: Number(c.quantity) })),
      });
      showToast(
        'success',
        saved.components.length === 0
          ? `${saved.bundleSku} is a plain SKU again.`
          : `${saved.bundleSku} is now a bundle of ${saved.components.map((c) => `${c.quantity} × ${c.sku}`).join(', ')}.`,
      );
      setBundleSku('');
      setComponents([{ sku: '', quantity: '1' }]);
      onSaved();
    } catch (e) {
      setError(messageOf(e));
    }
  }
  return (
    <Card withBorder component="form" aria-label="Make a bundle" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Title order={2} size="h5" mb="xs">
        Bundles (kits)
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A bundle sold is its components sold: its cost of goods sold is theirs. Save a bundle with no
        components to make it a plain SKU again.
      </Text>
      <CallGate entry={saveBundleEntry}>
        <Stack gap="xs">
          <TextInput label="Bundle SKU" value={bundleSku} onChange={(e) => setBundleSku(e.currentTarget.value)} w={240} />
          {components.map((c, i) => (
            <Group key={i} align="flex-end">
              <TextInput label={`Component ${i + 1} SKU`} value={c.sku} onChange={(e) => setComponent(i, { sku: e.currentTarget.value })} w={240} />
              <TextInput label={`Component ${i + 1} quantity`} inputMode="numeric" value={c.quantity} onChange={(e) => setComponent(i, { quantity: e.currentTarget.value })} w={160} />
              <Button variant="subtle" color="red" aria-label={`Remove component ${i + 1}`} onClick={() => setComponents(components.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </Group>
          ))}
          <Group>
            <Button variant="default" onClick={() => setComponents([...components, { sku: '', quantity: '1' }])}>
              Add component
            </Button>
            <Button type="submit" disabled={bundleSku.trim() === ''}>
              Save bundle
            </Button>
          </Group>
        </Stack>
      </CallGate>
      {error && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
    </Card>
  );
}

type LotSort = 'purchasedOn' | '-purchasedOn' | 'sku' | '-sku' | 'unitsLeft' | '-unitsLeft';

function sortLots(lots: PurchaseLotBody[], sort: LotSort): PurchaseLotBody[] {
  const key = sort.replace('-', '') as 'purchasedOn' | 'sku' | 'unitsLeft';
  const sign = sort.startsWith('-') ? -1 : 1;
  return [...lots].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    return sign * (x < y ? -1 : x > y ? 1 : a.lotId < b.lotId ? -1 : 1);
  });
}

export function LotsCard({ accountKey, onChanged }: { accountKey: string; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const lots = useQuery({ queryKey: ['lots', accountKey], queryFn: () => fetchLots(accountKey) });
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<LotSort>('purchasedOn');
  const today = new Date().toISOString().slice(0, 10);
  const [draft, setDraft] = useState({ lotId: '', sku: '', currency: 'USD', purchasedOn: today, quantity: '', unitCost: '' });
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setError(null);
    if (!/^\d+$/.test(draft.quantity.trim())) return setError('The quantity is a whole number of units.');
    try {
      const lot = await addLot(accountKey, { ...draft, quantity: Number(draft.quantity) });
      showToast('success', `Lot ${lot.lotId}: ${lot.quantity} units of ${lot.sku} from ${lot.purchasedOn} recorded.`);
      setDraft({ ...draft, lotId: '', sku: '', quantity: '', unitCost: '' });
      void queryClient.invalidateQueries({ queryKey: ['lots', accountKey] });
      onChanged();
    } catch (e) {
      setError(messageOf(e));
    }
  }
  const field = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: e.currentTarget.value }),
  });
  const toggle = (column: 'purchasedOn' | 'sku' | 'unitsLeft') => setSort(sort === column ? (`-${column}` as LotSort) : column);
  const arrow = (column: string) => (sort === column ? ' ▲' : sort === `-${column}` ? ' ▼' : '');
  const needle = filter.trim().toLowerCase();
  const shown = sortLots((lots.data?.lots ?? []).filter((l) => !needle || l.sku.toLowerCase().includes(needle)), sort);
  return (
    <Card withBorder aria-label="Purchase lots">
      <Title order={2} size="h5" mb="xs">
        Purchase lots (FIFO)
      </Title>
      <form aria-label="Add a purchase lot" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <CallGate entry={addPurchaseLot}>
          <Group align="flex-end" mb="sm">
            <TextInput label="Lot id" {...field('lotId')} w={130} />
            <TextInput label="Lot SKU" {...field('sku')} w={170} />
            <TextInput label="Lot currency" {...field('currency')} w={100} />
            <TextInput label="Purchased on" type="date" {...field('purchasedOn')} w={160} />
            <TextInput label="Units bought" inputMode="numeric" {...field('quantity')} w={110} />
            <TextInput label="Lot unit cost" placeholder="12.50" {...field('unitCost')} w={120} />
            <Button type="submit" disabled={!draft.lotId || !draft.sku || !draft.quantity || !draft.unitCost}>
              Add lot
            </Button>
          </Group>
        </CallGate>
      </form>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {error}
        </Alert>
      )}
      {lots.error && (
        <Alert color="red" role="alert" mb="sm">
          {messageOf(lots.error)}
        </Alert>
      )}
      <TextInput aria-label="Filter lots by SKU" placeholder="Filter by SKU" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} w={260} mb="xs" />
      <Table striped aria-label="Lots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lot</Table.Th>
            <Table.Th>
              <UnstyledButton fz="sm" fw={700} onClick={() => toggle('sku')}>SKU{arrow('sku')}</UnstyledButton>
            </Table.Th>
            <Table.Th>
              <UnstyledButton fz="sm" fw={700} onClick={() => toggle('purchasedOn')}>Purchased on{arrow('purchasedOn')}</UnstyledButton>
            </Table.Th>
            <Table.Th ta="right">Units bought</Table.Th>
            <Table.Th ta="right">Unit cost</Table.Th>
            <Table.Th ta="right">
              <UnstyledButton fz="sm" fw={700} onClick={() => toggle('unitsLeft')}>Units left{arrow('unitsLeft')}</UnstyledButton>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((l) => (
            <Table.Tr key={l.lotId}>
              <Table.Td>{l.lotId}</Table.Td>
              <Table.Td>{l.sku}</Table.Td>
              <Table.Td>{l.purchasedOn}</Table.Td>
              <Table.Td ta="right">{l.quantity}</Table.Td>
              <Table.Td ta="right">
                <MoneyText amount={l.unitCost} currency={l.currency} /> {l.currency}
              </Table.Td>
              <Table.Td ta="right">{l.unitsLeft}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lots.data && shown.length === 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          {lots.data.lots.length === 0
            ? 'No purchase lot recorded yet: FIFO costing takes units from the lots recorded here, oldest first.'
            : 'No lot of a SKU matching the filter.'}
        </Text>
      )}
    </Card>
  );
}
