/**
 * The state of a backend list searched and sorted on the server, a page at a time (users,
 * organizations): typing or re-sorting goes back to the first page; `query` is what the list call takes.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ColumnSortState } from '../../ui/data-table';

export function useBackendSearch(defaultSortId: string) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 250);
  const [sort, setSort] = useState<ColumnSortState | null>({ id: defaultSortId, desc: false });
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 25 });
  const firstPage = () => setPage((p) => ({ ...p, pageIndex: 0 }));
  return {
    text,
    search,
    sort,
    query: { search, sort: sort?.id ?? defaultSortId, desc: sort?.desc ?? false, limit: page.pageSize, offset: page.pageIndex * page.pageSize },
    onTextChange: (value: string) => {
      setText(value);
      firstPage();
    },
    onSortingChange: (next: ColumnSortState | null) => {
      setSort(next);
      firstPage();
    },
    /** The table's paging, given the total the server counted (null while unknown). */
    pagingOf: (total: number | null) => ({ ...page, totalRows: total, hasMore: total !== null && (page.pageIndex + 1) * page.pageSize < total, onChange: setPage }),
  };
}
