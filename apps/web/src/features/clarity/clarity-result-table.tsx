/**
 * A Clarity result as a table: one column per dimension, the currency, one per measure; every column
 * sorts, and a text filter keeps the rows whose dimension values contain it. Amounts are printed from
 * the exact decimal strings (money never goes through a float here).
 */
import { Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ClarityResult } from '@ledgerport/contract';
import {
  CLARITY_DIMENSION_LABELS,
  CLARITY_MEASURE_LABELS,
  type ClarityDimension,
  type ClarityMeasure,
} from '@ledgerport/core/clarity';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { formatCurrency } from '@ledgerport/core/rules';
import { channelName } from '../../ui/channel-icon';
import { DataTable, type DataColumn } from '../../ui/data-table';

type Row = ClarityResult['rows'][number] & { id: string };

/** How a dimension value reads: channels by their name, the rest as stored. */
export function dimensionText(dimension: ClarityDimension, value: string): string {
  if (dimension === 'channel') return channelName(value);
  if (dimension === 'category') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

export function measureText(
  measure: ClarityMeasure,
  value: string | null | undefined,
  currency: string,
): string {
  if (value === null || value === undefined) return '--';
  return measure === 'margin' ? `${value} %` : formatCurrency(value, currency);
}

export function ClarityResultTable({
  label,
  result,
  dimensions,
  measures,
}: {
  label: string;
  result: ClarityResult;
  dimensions: readonly ClarityDimension[];
  measures: readonly ClarityMeasure[];
}) {
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const rows: Row[] = result.rows
    .map((r) => ({ ...r, id: [r.currency, ...r.keys].join('|') }))
    .filter(
      (r) =>
        !needle || r.keys.some((k, i) => dimensionText(dimensions[i]!, k).toLowerCase().includes(needle)),
    );
  const columns: Array<DataColumn<Row>> = [
    ...dimensions.map((d, i) => ({
      id: `d-${d}`,
      header: CLARITY_DIMENSION_LABELS[d],
      sortValue: (r: Row) => r.keys[i] ?? '',
      cell: (r: Row) => dimensionText(d, r.keys[i] ?? ''),
    })),
    { id: 'currency', header: 'Currency', sortValue: (r) => r.currency, cell: (r) => r.currency },
    ...measures.map((m) => ({
      id: `m-${m}`,
      header: CLARITY_MEASURE_LABELS[m],
      align: 'right' as const,
      sortValue: (r: Row) => parseDecimalUnits(r.values[m] ?? '', '.') ?? null,
      cell: (r: Row) => measureText(m, r.values[m], r.currency),
    })),
  ];
  return (
    <Stack gap="xs">
      {dimensions.length > 0 && (
        <TextInput
          label={`Filter ${label.toLowerCase()}`}
          placeholder={dimensions.map((d) => CLARITY_DIMENSION_LABELS[d]).join(', ')}
          leftSection={<IconSearch size={14} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={280}
        />
      )}
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        initialSort={dimensions.length > 0 ? { id: `d-${dimensions[0]!}`, desc: false } : undefined}
        emptyText={
          result.rows.length === 0
            ? 'No closed settlement in this period for these accounts.'
            : 'No row matches the filter.'
        }
      />
    </Stack>
  );
}
