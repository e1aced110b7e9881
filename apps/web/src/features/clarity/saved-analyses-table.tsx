/** The organization's saved analyses: sortable, filterable by name, each with Open and Delete. */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { SavedAnalysis } from '@ledgerport/contract';
import { CLARITY_DIMENSION_LABELS, CLARITY_MEASURE_LABELS } from '@ledgerport/core/clarity';
import { DataTable, type DataColumn } from '../../ui/data-table';

export function SavedAnalysesTable({
  analyses,
  isLoading,
  onOpen,
  onDelete,
  isDeleting,
}: {
  analyses: SavedAnalysis[];
  isLoading: boolean;
  onOpen: (a: SavedAnalysis) => void;
  onDelete: (a: SavedAnalysis) => void;
  isDeleting: boolean;
}) {
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const rows = analyses.filter((a) => !needle || a.name.toLowerCase().includes(needle));
  const columns: Array<DataColumn<SavedAnalysis>> = [
    {
      id: 'name',
      header: 'Name',
      sortValue: (a) => a.name.toLowerCase(),
      cell: (a) => (
        <Text size="sm" fw={500}>
          {a.name}
        </Text>
      ),
    },
    {
      id: 'measures',
      header: 'Measures',
      cell: (a) => a.definition.measures.map((m) => CLARITY_MEASURE_LABELS[m]).join(', '),
    },
    {
      id: 'dimensions',
      header: 'By',
      cell: (a) => a.definition.dimensions.map((d) => CLARITY_DIMENSION_LABELS[d]).join(', ') || 'Total',
    },
    {
      id: 'period',
      header: 'Period',
      sortValue: (a) => a.definition.start,
      cell: (a) => `${a.definition.start} to ${a.definition.end}`,
    },
    {
      id: 'display',
      header: 'Shown as',
      sortValue: (a) => a.definition.display,
      cell: (a) => (a.definition.display === 'chart' ? 'Chart' : 'Table'),
    },
    {
      id: 'updatedAt',
      header: 'Saved',
      sortValue: (a) => a.updatedAt,
      cell: (a) => `${a.updatedAt.slice(0, 10)}${a.createdBy ? ` by ${a.createdBy}` : ''}`,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => onOpen(a)} aria-label={`Open ${a.name}`}>
            Open
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onDelete(a)}
            disabled={isDeleting}
            aria-label={`Delete ${a.name}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="xs">
      <TextInput
        label="Filter saved analyses"
        placeholder="Name"
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        w={280}
      />
      <DataTable
        label="Saved analyses"
        columns={columns}
        rows={rows}
        getRowId={(a) => a.analysisId}
        initialSort={{ id: 'name', desc: false }}
        isLoading={isLoading}
        emptyText={
          analyses.length === 0
            ? 'No analysis saved yet. Run one above and save it with a name.'
            : 'No saved analysis matches.'
        }
      />
    </Stack>
  );
}
