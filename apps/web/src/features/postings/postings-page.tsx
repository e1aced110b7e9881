/**
 * Postings (spec section 2, /invoices): every document this account sent to its accounting system
 * or built-in ledger, newest first, with where it lives there. Server-side filters, sort and pages
 * (10/25/50/100) like the settlements list; a document's number opens it (/invoice).
 */
import { Button, EmptyState, Group, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DOCUMENT_CLASSES, DOCUMENT_CLASS_LABELS, POSTED_DOCUMENT_STATUSES, postedDocumentStatusLabel } from '@ledgerport/core/posting';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { useLatestSettlementDay } from '../settlements/latest-settlement-day';
import { DataTable, type ColumnSortState } from '../../ui/data-table';
import { DateRangePicker, type DateRange } from '../../ui/date-range-picker';
import { postingColumns } from './posting-columns';
import { fetchPostingPage } from './postings-api';
import { ErrorAlert } from '../../ui/error-alert';

interface PostingFilters {
  range: DateRange;
  statuses: string[];
  classes: string[];
  currency: string | null;
  text: string;
}

const EMPTY: PostingFilters = { range: {}, statuses: [], classes: [], currency: null, text: '' };
const STATUS_OPTIONS = POSTED_DOCUMENT_STATUSES.map((s) => ({ value: s, label: postedDocumentStatusLabel(s) }));
const CLASS_OPTIONS = DOCUMENT_CLASSES.map((c) => ({ value: c, label: DOCUMENT_CLASS_LABELS[c] }));
const isFiltered = (f: PostingFilters) => Boolean(f.range.start || f.range.end || f.statuses.length || f.classes.length || f.currency || f.text.trim());

export function PostingsPage() {
  const { account } = useSession();
  const latestDay = useLatestSettlementDay(account.accountKey);
  const [filters, setFilters] = useState<PostingFilters>(EMPTY);
  const [sort, setSort] = useState<ColumnSortState | null>({ id: 'date', desc: true });
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: 10 });
  // Another account: start again.
  useEffect(() => {
    setFilters(EMPTY);
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  }, [account.accountKey]);
  const update = (next: PostingFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, pageIndex: 0 }));
  };
  // One search per pause in typing, not one per key.
  const [text] = useDebouncedValue(filters.text, 250);
  const sortParam = sort ? `${sort.id},${sort.desc ? 'desc' : 'asc'}` : undefined;
  const request = {
    accountKey: account.accountKey,
    page: paging.pageIndex,
    size: paging.pageSize,
    sort: sortParam,
    status: filters.statuses,
    documentClass: filters.classes,
    currency: filters.currency,
    start: filters.range.start,
    end: filters.range.end,
    text,
  };
  const query = useQuery({ queryKey: ['postings', request], queryFn: () => fetchPostingPage(request), placeholderData: keepPreviousData });
  const page = query.data;
  const totalRows = page?.pagination.totalRows ?? null;

  if (page && !page.hasAny) {
    return (
      <EmptyState
        role="status"
        aria-label="No postings yet"
        withIndicatorBackground
        icon={<IconFileInvoice aria-hidden />}
        title="No postings yet"
        description="Nothing has been posted from this account. Open a settlement and send it: its invoice, bill or journal is listed here, with where it lives in your accounting system."
        py="xl"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/settlements">
            Open settlements
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {totalRows === null ? '' : totalRows === 1 ? '1 posting matches' : `${totalRows.toLocaleString('en-US')} postings match`}
      </Text>
      <Group align="flex-end" gap="sm" mb="md" role="search" aria-label="Posting filters">
        <DateRangePicker label="Document dates" value={filters.range} onChange={(range) => update({ ...filters, range })} defaultDate={latestDay} />
        <MultiSelect label="Status" placeholder={filters.statuses.length ? undefined : 'Any status'} data={STATUS_OPTIONS} value={filters.statuses} onChange={(statuses) => update({ ...filters, statuses })} clearable w={200} />
        <MultiSelect label="Kind" placeholder={filters.classes.length ? undefined : 'Any kind'} data={CLASS_OPTIONS} value={filters.classes} onChange={(classes) => update({ ...filters, classes })} clearable w={200} />
        <Select label="Currency" placeholder="Any currency" data={page?.currencies ?? []} value={filters.currency} onChange={(currency) => update({ ...filters, currency })} clearable w={140} />
        <TextInput
          label="Search"
          placeholder="Number, ID or settlement"
          leftSection={<IconSearch size={14} />}
          value={filters.text}
          onChange={(e) => update({ ...filters, text: e.currentTarget.value })}
          w={240}
        />
        {isFiltered(filters) && (
          <Button variant="subtle" onClick={() => update(EMPTY)}>
            Clear filters
          </Button>
        )}
      </Group>
      <ErrorAlert error={query.error} mb="sm" />
      <DataTable
        label="Postings"
        columns={postingColumns()}
        rows={page?.postings ?? []}
        getRowId={(p) => p.documentId}
        sorting={sort}
        onSortingChange={(s) => {
          setSort(s);
          setPaging((p) => ({ ...p, pageIndex: 0 }));
        }}
        paging={{
          ...paging,
          totalRows,
          hasMore: totalRows !== null && (paging.pageIndex + 1) * paging.pageSize < totalRows,
          onChange: (next) => setPaging(next.pageSize !== paging.pageSize ? { pageIndex: 0, pageSize: next.pageSize } : next),
        }}
        isLoading={query.isPending}
        emptyText="No posting matches these filters."
      />
    </>
  );
}
