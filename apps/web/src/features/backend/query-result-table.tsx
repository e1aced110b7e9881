/**
 * The rows a query console got back, as a sortable table: one column per field found in any row
 * (in the order first seen), nested objects shown as compact JSON (QBO's `CurrencyRef` and `MetaData`),
 * numbers sorted as numbers. The rows belong to a vendor and can hold any field name.
 */
import { Code, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { DataTable, type DataColumn, type ServerPaging } from '../../ui/data-table';

type Row = Record<string, unknown>;
interface NumberedRow {
  rowNo: number;
  values: Row;
}

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function sortValueOf(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  // SuiteQL sends every number as a string: compare those as numbers too.
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && value.length < 16) return Number(value);
  return display(value).toLowerCase();
}

export function columnsOf(rows: Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

export function QueryResultTable(props: { label: string; rows: Row[]; emptyText: string; isLoading?: boolean; paging?: ServerPaging; firstColumn?: DataColumn<NumberedRow> }) {
  const { rows } = props;
  const numbered = useMemo(() => rows.map((values, i) => ({ rowNo: i, values })), [rows]);
  const columns = useMemo((): Array<DataColumn<NumberedRow>> => {
    const fields = columnsOf(rows).map(
      (field): DataColumn<NumberedRow> => ({
        id: `field:${field}`,
        header: field,
        sortValue: (r) => sortValueOf(r.values[field]),
        cell: (r): ReactNode => {
          const value = r.values[field];
          if (value !== null && typeof value === 'object') return <Code fz="xs">{display(value)}</Code>;
          return <Text size="sm">{display(value)}</Text>;
        },
      }),
    );
    return props.firstColumn ? [props.firstColumn, ...fields] : fields;
  }, [rows, props.firstColumn]);
  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={numbered}
      getRowId={(r) => String(r.rowNo)}
      paging={props.paging}
      clientPageSize={props.paging ? undefined : 50}
      isLoading={props.isLoading}
      emptyText={props.emptyText}
    />
  );
}

export type { NumberedRow };
