/**
 * Cost Admin (/cost-admin): the product catalog of the account's organization (SKUs seen in
 * settlements appear by themselves) with today's costs, filtered by SKU and to those without a cost,
 * sorted by SKU or first seen, a page at a time; a cost set from a day on; costs imported from and
 * exported to CSV or XLSX (an import with any bad cell names its row and column and saves nothing);
 * bundles and purchase lots (bundle-lot-cards.tsx).
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { importProductCosts, saveProductCost } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { CallGate } from '../../ui/call-gate';
import { downloadFile } from '../../ui/download-file';
import { MoneyText } from '../../ui/money-text';
import { DEFAULT_PAGE_SIZE, TablePager } from '../../ui/table-pager';
import { BundleCard, LotsCard } from './bundle-lot-cards';
import { fetchProducts, importCosts, saveCost } from './cogs-api';

const messageOf = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.';
type Sort = 'sku' | '-sku' | 'firstSeenAt' | '-firstSeenAt';

function ImportCard({ accountKey, onImported }: { accountKey: string; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run() {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      showToast('success', (await importCosts(accountKey, file)).message);
      setFile(null);
      onImported();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }
  const exportAs = (format: 'csv' | 'xlsx') =>
    void downloadFile('/cost-admin/costs/export', { accountKey, format }, `costs.${format}`).catch(
      (e: unknown) => setError(messageOf(e)),
    );
  return (
    <Card withBorder aria-label="Import and export costs">
      <Title order={2} size="h5" mb="xs">
        Import and export costs
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A CSV or Excel sheet with the columns SKU, Currency, Effective Date (YYYY-MM-DD), Unit Cost and
        optionally Title. All or nothing: a sheet with a bad cell saves nothing and says where it is.
      </Text>
      <Group align="flex-end">
        <CallGate entry={importProductCosts}>
          <FileInput
            label="Cost sheet"
            placeholder="costs.xlsx or costs.csv"
            accept=".csv,.txt,.xlsx"
            value={file}
            onChange={setFile}
            w={280}
            clearable
          />
          <Button loading={busy} disabled={!file} onClick={() => void run()}>
            Import costs
          </Button>
        </CallGate>
        <Button variant="default" onClick={() => exportAs('csv')}>
          Export CSV
        </Button>
        <Button variant="default" onClick={() => exportAs('xlsx')}>
          Export XLSX
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" mt="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Card>
  );
}

function SetCostCard({ accountKey, onSaved }: { accountKey: string; onSaved: () => void }) {
  const [draft, setDraft] = useState({
    sku: '',
    currency: 'USD',
    effectiveDate: new Date().toISOString().slice(0, 10),
    unitCost: '',
  });
  const [error, setError] = useState<string | null>(null);
  async function submit() {
    setError(null);
    try {
      await saveCost(accountKey, draft);
      showToast(
        'success',
        `The ${draft.currency} cost of ${draft.sku} from ${draft.effectiveDate} is saved.`,
      );
      setDraft({ ...draft, sku: '', unitCost: '' });
      onSaved();
    } catch (e) {
      setError(messageOf(e));
    }
  }
  const field = (key: keyof typeof draft) => ({
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [key]: e.currentTarget.value }),
  });
  return (
    <Card
      withBorder
      component="form"
      aria-label="Set a cost"
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Title order={2} size="h5" mb="xs">
        Set a cost
      </Title>
      <CallGate entry={saveProductCost}>
        <Group align="flex-end">
          <TextInput label="SKU" {...field('sku')} w={200} />
          <TextInput label="Currency" {...field('currency')} w={90} />
          <TextInput label="Effective from" type="date" {...field('effectiveDate')} w={160} />
          <TextInput label="Unit cost" placeholder="12.50" {...field('unitCost')} w={120} />
          <Button type="submit" disabled={!draft.sku || !draft.unitCost}>
            Save cost
          </Button>
        </Group>
      </CallGate>
      {error && (
        <Alert color="red" role="alert" mt="sm" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Card>
  );
}

export function CostAdminPage() {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [isMissingOnly, setMissingOnly] = useState(false);
  const [sort, setSort] = useState<Sort>('sku');
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const query = useQuery({
    queryKey: ['products', account.accountKey, search, isMissingOnly, sort, paging],
    queryFn: () =>
      fetchProducts({
        accountKey: account.accountKey,
        search: search || undefined,
        isMissingCost: isMissingOnly ? 'true' : undefined,
        sort,
        page: paging.pageIndex,
        size: paging.pageSize,
      }),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['products', account.accountKey] });
  const data = query.data;
  const costed = data ? data.catalogSize - data.missingCostCount : 0;
  const toggleSort = (column: 'sku' | 'firstSeenAt') =>
    setSort(sort === column ? (`-${column}` as Sort) : column);
  const arrow = (column: string) => (sort === column ? ' ▲' : sort === `-${column}` ? ' ▼' : '');
  return (
    <Stack>
      <ImportCard accountKey={account.accountKey} onImported={reload} />
      <SetCostCard accountKey={account.accountKey} onSaved={reload} />
      <BundleCard accountKey={account.accountKey} onSaved={reload} />
      <Card withBorder aria-label="Product catalog">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            Product catalog
          </Title>
          {data && (
            <Text size="sm">
              {costed} of {data.catalogSize} SKUs have a cost
            </Text>
          )}
        </Group>
        {data && data.catalogSize > 0 && (
          <Progress.Root size="lg" mb="sm" role="group" aria-label="SKUs with a cost">
            <Progress.Section value={(costed * 100) / data.catalogSize} color="green" aria-label="SKUs with a cost">
              <Progress.Label>with a cost</Progress.Label>
            </Progress.Section>
            <Progress.Section value={(data.missingCostCount * 100) / data.catalogSize} color="orange" aria-label="SKUs missing a cost">
              <Progress.Label>missing</Progress.Label>
            </Progress.Section>
          </Progress.Root>
        )}
        <Group mb="sm">
          <TextInput
            aria-label="Search SKUs"
            placeholder="Search by text"
            value={search}
            onChange={(e) => (setSearch(e.currentTarget.value), setPaging({ ...paging, pageIndex: 0 }))}
            w={260}
          />
          <Checkbox
            label="Only SKUs without a cost"
            checked={isMissingOnly}
            onChange={(e) => (
              setMissingOnly(e.currentTarget.checked),
              setPaging({ ...paging, pageIndex: 0 })
            )}
          />
        </Group>
        {query.error && (
          <Alert color="red" role="alert">
            {messageOf(query.error)}
          </Alert>
        )}
        <Table striped aria-label="Products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <UnstyledButton onClick={() => toggleSort('sku')}>SKU{arrow('sku')}</UnstyledButton>
              </Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Cost today</Table.Th>
              <Table.Th>Bundle of</Table.Th>
              <Table.Th ta="right">Lot units left</Table.Th>
              <Table.Th>
                <UnstyledButton onClick={() => toggleSort('firstSeenAt')}>
                  First seen{arrow('firstSeenAt')}
                </UnstyledButton>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(data?.products ?? []).map((p) => (
              <Table.Tr key={p.sku}>
                <Table.Td>{p.sku}</Table.Td>
                <Table.Td>{p.title ?? '--'}</Table.Td>
                <Table.Td>
                  {p.currentCosts.length === 0 ? (
                    <Badge color="orange" variant="light">
                      No cost
                    </Badge>
                  ) : (
                    p.currentCosts.map((c) => (
                      <Text key={c.currency} size="sm">
                        <MoneyText amount={c.unitCost} currency={c.currency} /> {c.currency} from{' '}
                        {c.effectiveDate}
                      </Text>
                    ))
                  )}
                </Table.Td>
                <Table.Td>
                  {p.components.length === 0
                    ? '--'
                    : p.components.map((c) => `${c.quantity} × ${c.sku}`).join(', ')}
                </Table.Td>
                <Table.Td ta="right">{p.lotUnitsLeft}</Table.Td>
                <Table.Td>{p.firstSeenAt.slice(0, 10)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {data && data.products.length === 0 && (
          <Text size="sm" c="dimmed" mt="sm">
            No SKU here yet: SKUs appear when settlements that sold them are loaded, or when you import costs.
          </Text>
        )}
        <TablePager
          pageIndex={paging.pageIndex}
          pageSize={paging.pageSize}
          totalRows={data?.pagination.totalRows ?? null}
          hasMore={false}
          rowsOnPage={data?.products.length ?? 0}
          onChange={setPaging}
        />
      </Card>
      <LotsCard accountKey={account.accountKey} onChanged={reload} />
    </Stack>
  );
}
