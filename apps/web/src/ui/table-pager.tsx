/**
 * Paging under a table (spec section 9): page sizes 10, 25, 50, 100 (default 10) or the other pager's
 * 5, 10, 15, 100, previous and next,
 * and the range shown as '11–20 of 57', or '11–20 of many' when the server pages by cursor and does
 * not know the total.
 */
import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The spec's other pager (section 9): 5, 10, 15, 100, for lists of cards rather than rows (default 5). */
export const SECOND_PAGE_SIZES = [5, 10, 15, 100] as const;

export interface TablePagerProps {
  pageIndex: number;
  pageSize: number;
  totalRows: number | null;
  hasMore: boolean;
  rowsOnPage: number;
  onChange: (next: { pageIndex: number; pageSize: number }) => void;
  /** The sizes offered: PAGE_SIZES unless given (SECOND_PAGE_SIZES). */
  pageSizes?: readonly number[];
}

/** '1–10 of 57', '11–20 of many', '0 of 0'. */
export function describeRange(pageIndex: number, pageSize: number, rowsOnPage: number, totalRows: number | null): string {
  if (rowsOnPage === 0) return `0 of ${totalRows ?? 0}`;
  const first = pageIndex * pageSize + 1;
  const last = first + rowsOnPage - 1;
  return `${first}–${last} of ${totalRows ?? 'many'}`;
}

export function TablePager({ pageIndex, pageSize, totalRows, hasMore, rowsOnPage, onChange, pageSizes = PAGE_SIZES }: TablePagerProps) {
  return (
    <Group justify="flex-end" gap="md" mt="sm" aria-label="Pages" role="group">
      <Group gap="xs">
        <Text size="sm" component="label" htmlFor="table-page-size">
          Rows per page
        </Text>
        <NativeSelect
          id="table-page-size"
          size="xs"
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(e) => onChange({ pageIndex: 0, pageSize: Number(e.currentTarget.value) })}
        />
      </Group>
      <Text size="sm" aria-live="polite" data-testid="page-range">
        {describeRange(pageIndex, pageSize, rowsOnPage, totalRows)}
      </Text>
      <Group gap={4}>
        <ActionIcon variant="default" aria-label="Previous page" disabled={pageIndex === 0} onClick={() => onChange({ pageIndex: pageIndex - 1, pageSize })}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Next page" disabled={!hasMore} onClick={() => onChange({ pageIndex: pageIndex + 1, pageSize })}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
