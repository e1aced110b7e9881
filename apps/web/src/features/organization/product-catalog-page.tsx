/**
 * /organization/{organizationId}/product-catalog (issue 19): the organization's products, the same
 * catalog Cost of Goods Sold uses (decision 0030: one catalog per organization, `org:<id>`), with each
 * SKU's cost today. Read here; costs are set in Costs (/cost-admin), where they are audited. The
 * catalog is read through one of the organization's accounts the user can open; 'unassigned' accounts
 * each have their own catalog, so the page asks which.
 */
import { Alert, Anchor, Badge, Checkbox, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ProductBody } from '@ledgerport/contract';
import { UNASSIGNED_ORGANIZATION_ID } from '@ledgerport/contract';
import { planGate } from '@ledgerport/core/billing';
import { useOrganizations } from '../../app/nav-bar';
import { useIsBillingEnabled } from '../../lib/session-context';
import { api } from '../../lib/api-client';
import { DataTable, type ColumnSortState, type DataColumn } from '../../ui/data-table';
import { MoneyText } from '../../ui/money-text';
import { PageEmptyState } from '../../ui/page-empty-state';
import { DEFAULT_PAGE_SIZE } from '../../ui/table-pager';
import { fetchProducts } from '../cogs/cogs-api';

const columns: Array<DataColumn<ProductBody>> = [
  { id: 'sku', header: 'SKU', isSortable: true, cell: (p) => p.sku },
  { id: 'title', header: 'Title', cell: (p) => p.title ?? '--' },
  {
    id: 'cost',
    header: 'Cost today',
    cell: (p) =>
      p.currentCosts.length === 0 ? (
        <Badge color="orange" variant="light">No cost</Badge>
      ) : (
        p.currentCosts.map((c) => (
          <Text key={c.currency} size="sm">
            <MoneyText amount={c.unitCost} currency={c.currency} /> {c.currency} from {c.effectiveDate}
          </Text>
        ))
      ),
  },
  { id: 'components', header: 'Bundle of', cell: (p) => (p.components.length === 0 ? '--' : p.components.map((c) => `${c.quantity} × ${c.sku}`).join(', ')) },
  { id: 'firstSeenAt', header: 'First seen', isSortable: true, cell: (p) => p.firstSeenAt.slice(0, 10) },
];

export function ProductCatalogPage() {
  const { organizationId = UNASSIGNED_ORGANIZATION_ID } = useParams();
  const organizations = useOrganizations();
  const unassigned = organizationId === UNASSIGNED_ORGANIZATION_ID;
  const unassignedAccounts = useQuery({
    queryKey: ['organization-accounts', organizationId],
    queryFn: () => api.get<{ accounts: Array<{ accountKey: string; name: string }> }>('/organization/accounts/list', { organizationId }),
    enabled: unassigned,
  });
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const isBillingEnabled = useIsBillingEnabled();
  if (organizations.isPending) return <Loader aria-label="Loading organization" />;
  if (organizations.isError) return <Alert color="red" role="alert" title="Could not load the organization">{organizations.error.message}</Alert>;
  const org = organizations.data.organizations.find((o) => o.id === organizationId);
  if (!unassigned && !org) return <PageEmptyState what="This organization was not found among the organizations your user belongs to." now="Open the organization from the account menu." />;
  const gate = planGate({ billingEnabled: isBillingEnabled, feature: 'PRODUCT_CATALOG', grant: { by: 'support', isGranted: org?.featureFlags.includes('PRODUCT_CATALOG') ?? true } });
  if (org && !gate.isOpen) {
    return <Alert color="blue" title="Product catalog">{gate.message}</Alert>;
  }
  const accounts = unassigned ? (unassignedAccounts.data?.accounts ?? []) : (org?.accountsThatCanBeAccessedByTheUser ?? []);
  const accountKey = unassigned ? (chosenKey ?? accounts[0]?.accountKey ?? null) : (accounts[0]?.accountKey ?? null);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {unassigned
          ? 'Accounts in no organization keep a catalog each. Choose the account whose products to see.'
          : `The products of ${org?.name ?? 'the organization'}, shared by its accounts and used for cost of goods sold.`}{' '}
        Costs are set in <Anchor component={Link} to="/cost-admin">Costs</Anchor>.
      </Text>
      {unassigned && (
        <Select label="Account" data={accounts.map((a) => ({ value: a.accountKey, label: a.name }))} value={accountKey} onChange={setChosenKey} allowDeselect={false} w={300} placeholder="No account outside an organization" />
      )}
      {accountKey === null ? (
        unassigned && unassignedAccounts.isPending ? <Loader aria-label="Loading accounts" /> : <Text c="dimmed">No account of yours shares this catalog.</Text>
      ) : (
        <CatalogTable key={accountKey} accountKey={accountKey} />
      )}
    </Stack>
  );
}

function CatalogTable({ accountKey }: { accountKey: string }) {
  const [search, setSearch] = useState('');
  const [isMissingOnly, setMissingOnly] = useState(false);
  const [sorting, setSorting] = useState<ColumnSortState | null>({ id: 'sku', desc: false });
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
  const sort = sorting ? ((sorting.desc ? `-${sorting.id}` : sorting.id) as 'sku' | '-sku' | 'firstSeenAt' | '-firstSeenAt') : 'sku';
  const query = useQuery({
    queryKey: ['products', accountKey, search, isMissingOnly, sort, paging],
    queryFn: () => fetchProducts({ accountKey, search: search.trim() || undefined, isMissingCost: isMissingOnly ? 'true' : undefined, sort, page: paging.pageIndex, size: paging.pageSize }),
  });
  const data = query.data;
  return (
    <Stack>
      {data && (
        <Text size="sm">
          {data.catalogSize} products, {data.catalogSize - data.missingCostCount} with a cost, {data.missingCostCount} without
        </Text>
      )}
      <Group>
        <TextInput label="Search products" placeholder="SKU or title" value={search} onChange={(e) => (setSearch(e.currentTarget.value), setPaging({ ...paging, pageIndex: 0 }))} w={260} />
        <Checkbox label="Only products without a cost" checked={isMissingOnly} onChange={(e) => (setMissingOnly(e.currentTarget.checked), setPaging({ ...paging, pageIndex: 0 }))} mt="lg" />
      </Group>
      {query.error && <Alert color="red" role="alert" title="Could not load the products">{query.error.message}</Alert>}
      <DataTable
        label="Products"
        columns={columns}
        rows={data?.products ?? []}
        getRowId={(p) => p.sku}
        sorting={sorting}
        onSortingChange={(s) => (setSorting(s), setPaging({ ...paging, pageIndex: 0 }))}
        paging={{ ...paging, totalRows: data?.pagination.totalRows ?? null, hasMore: false, onChange: setPaging }}
        isLoading={query.isPending}
        emptyText={search || isMissingOnly ? 'No product matches.' : 'No product yet: SKUs join the catalog when settlements are loaded.'}
      />
    </Stack>
  );
}
