/**
 * The data table of every list screen, on TanStack Table: sortable column headers (aria-sort),
 * optional row selection with a labelled checkbox per row, and paging with page sizes 10/25/50/100.
 * Server tables pass `sorting` and `paging` (the server sorts and pages: manual mode); client
 * tables pass neither and get client sorting by each column's `sortValue` and client pages.
 */
import { Checkbox, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowSelectionState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { needsScrollbar } from '@ledgerport/core/rules';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { TablePager } from './table-pager';

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Client tables: the value compared when sorting by this column. */
  sortValue?: (row: T) => string | number | bigint | null;
  /** Server tables: whether the server can sort by this column (its id is the sort key). */
  isSortable?: boolean;
  align?: 'left' | 'right' | 'center';
}

export interface ColumnSortState {
  id: string;
  desc: boolean;
}

export interface ServerPaging {
  pageIndex: number;
  pageSize: number;
  /** Known total, or null when the server only knows there is more ('N of many'). */
  totalRows: number | null;
  hasMore: boolean;
  onChange: (next: { pageIndex: number; pageSize: number }) => void;
}

export interface RowSelection {
  selectedIds: string[];
  onChange: (ids: string[]) => void;
  /** The accessible name of a row's checkbox ('Select settlement 123'). */
  rowLabel: (rowId: string) => string;
}

export interface DataTableProps<T extends RowData> {
  label: string;
  columns: Array<DataColumn<T>>;
  rows: T[];
  getRowId: (row: T) => string;
  /** Server sorting: the current sort and its change handler. */
  sorting?: ColumnSortState | null;
  onSortingChange?: (sort: ColumnSortState | null) => void;
  paging?: ServerPaging;
  /** Client tables: rows per page (all rows when absent). */
  clientPageSize?: number;
  selection?: RowSelection;
  isLoading?: boolean;
  emptyText: string;
  initialSort?: ColumnSortState;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

function compareValues(a: string | number | bigint | null, b: string | number | bigint | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
  return a < b ? -1 : a > b ? 1 : 0;
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <IconSortAscending size={14} aria-hidden />;
  if (direction === 'desc') return <IconSortDescending size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, rows, getRowId, selection, paging } = props;
  const isServerSorted = props.onSortingChange !== undefined;
  const [clientSorting, setClientSorting] = useState<SortingState>(props.initialSort ? [props.initialSort] : []);
  const [clientPagination, setClientPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: props.clientPageSize ?? 10 });
  const sorting: SortingState = isServerSorted ? (props.sorting ? [props.sorting] : []) : clientSorting;

  const columnDefs = useMemo(
    () =>
      columns.map(
        (c): ColumnDef<typeof features, T, unknown> => ({
          id: c.id,
          header: c.header,
          accessorFn: (row: T) => (c.sortValue ? c.sortValue(row) : null),
          enableSorting: isServerSorted ? (c.isSortable ?? false) : c.sortValue !== undefined,
          sortDescFirst: false,
          sortFn: (a, b, id) => compareValues(a.getValue<string | number | bigint | null>(id), b.getValue<string | number | bigint | null>(id)),
        }),
      ),
    [columns, isServerSorted],
  );
  const rowSelection: RowSelectionState = useMemo(() => Object.fromEntries((selection?.selectedIds ?? []).map((id) => [id, true])), [selection?.selectedIds]);

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row: T) => getRowId(row),
    manualSorting: isServerSorted,
    manualPagination: paging !== undefined || props.clientPageSize === undefined,
    enableSortingRemoval: true,
    state: {
      sorting,
      rowSelection,
      pagination: paging ? { pageIndex: paging.pageIndex, pageSize: paging.pageSize } : clientPagination,
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (isServerSorted) props.onSortingChange?.(first ? { id: first.id, desc: first.desc } : null);
      else setClientSorting(next);
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection?.onChange(Object.keys(next).filter((k) => next[k]));
    },
    onPaginationChange: (updater) => setClientPagination((old) => (typeof updater === 'function' ? updater(old) : updater)),
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const pageRows = table.getRowModel().rows;
  const pageIds = pageRows.map((r) => r.id);
  const selectedOnPage = pageIds.filter((id) => rowSelection[id]).length;

  return (
    <>
      <TableScroll minWidth={720}>
        <Table striped highlightOnHover aria-label={props.label} aria-busy={props.isLoading ? true : undefined} verticalSpacing="xs">
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selection && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select all on this page"
                      checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                      indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        const others = selection.selectedIds.filter((id) => !pageIds.includes(id));
                        selection.onChange(on ? [...others, ...pageIds] : others);
                      }}
                    />
                  </Table.Th>
                )}
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  const direction = header.column.getIsSorted();
                  const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : header.column.getCanSort() ? 'none' : undefined;
                  return (
                    <Table.Th key={header.id} aria-sort={ariaSort} style={{ textAlign: column?.align ?? 'left', whiteSpace: 'nowrap' }}>
                      {header.column.getCanSort() ? (
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} aria-label={`Sort by ${column?.header ?? header.id}`} fw={600} fz="sm">
                          <Group gap={4} wrap="nowrap" justify={column?.align === 'right' ? 'flex-end' : 'flex-start'}>
                            {column?.header}
                            <SortIcon direction={direction} />
                          </Group>
                        </UnstyledButton>
                      ) : (
                        column?.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {props.isLoading && rows.length === 0
              ? [0, 1, 2].map((i) => (
                  <Table.Tr key={`loading-${i}`}>
                    <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                      <Skeleton height={18} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : pageRows.map((row) => (
                  <Table.Tr key={row.id} aria-selected={selection ? Boolean(rowSelection[row.id]) : undefined}>
                    {selection && (
                      <Table.Td>
                        <Checkbox aria-label={selection.rowLabel(row.id)} checked={Boolean(rowSelection[row.id])} onChange={row.getToggleSelectedHandler()} />
                      </Table.Td>
                    )}
                    {row.getAllCells().map((cell) => {
                      const column = byId.get(cell.column.id);
                      return (
                        <Table.Td key={cell.id} style={{ textAlign: column?.align ?? 'left' }}>
                          {column?.cell(row.original)}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
            {!props.isLoading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + (selection ? 1 : 0)}>
                  <Text c="dimmed" ta="center" py="md">
                    {props.emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {paging ? (
        <TablePager {...paging} rowsOnPage={rows.length} />
      ) : props.clientPageSize !== undefined && rows.length > 0 ? (
        <TablePager
          pageIndex={clientPagination.pageIndex}
          pageSize={clientPagination.pageSize}
          totalRows={rows.length}
          hasMore={(clientPagination.pageIndex + 1) * clientPagination.pageSize < rows.length}
          rowsOnPage={pageRows.length}
          onChange={(next) => setClientPagination(next)}
        />
      ) : null}
    </>
  );
}

/**
 * Every wide table's container (issue 26): a table that does not fit its card at 1280 px scrolls
 * sideways inside the card, header and all, instead of being cut off ("Sou", "5 r"). Native
 * scrolling; its scrollbar shows only when the table is wider than the card by more than the spec's
 * 60 px (section 9, core's needsScrollbar): a few pixels more are reached by a swipe, not a bar.
 */
export function TableScroll({ minWidth, isStackedOnPhone = false, children }: { minWidth: number; isStackedOnPhone?: boolean; children: ReactNode }) {
  const [isBarNeeded, measure] = useScrollbarNeed();
  const scroll = (
    <Table.ScrollContainer ref={measure} minWidth={minWidth} type="native" style={isBarNeeded ? undefined : { scrollbarWidth: 'none' }}>
      {children}
    </Table.ScrollContainer>
  );
  // A table of fields (Mapping's selects) is not swiped through on a phone: below the sm breakpoint each
  // row stands as a card, each cell under its column's name (the cell's data-label; accessibility.css).
  return isStackedOnPhone ? <div className="lp-stacked-table">{scroll}</div> : scroll;
}

/**
 * Whether a scroll container's content is wide enough to need its scrollbar, measured again whenever
 * it or its table resizes (rows arriving widen the table, not the card). In the first load: lazily
 * loaded, the import's own code weighs more than these lines.
 */
function useScrollbarNeed(): [boolean, (el: HTMLDivElement | null) => (() => void) | undefined] {
  const [isNeeded, setNeeded] = useState(false);
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (!el) return undefined;
    // A ResizeObserver reports each element once as it starts observing it: that is the first measure.
    const observer = new ResizeObserver(() => setNeeded(needsScrollbar(el.scrollWidth, el.clientWidth)));
    observer.observe(el);
    observer.observe(el.querySelector('table') ?? el);
    return () => observer.disconnect();
  }, []);
  return [isNeeded, measure];
}
