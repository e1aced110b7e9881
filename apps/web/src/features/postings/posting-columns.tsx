/** The columns of the Postings table: date, document, settlement, total, status, where it lives, posted at. */
import { Anchor, Badge, Code, Stack, Text } from '@mantine/core';
import type { Posting } from '@ledgerport/contract';
import { formatDateValue } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import type { DataColumn } from '../../ui/data-table';
import { TimestampText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { detailPath } from '../settlements/settlement-path';
import { postingPath } from './postings-api';

export const STATUS_COLORS: Record<Posting['status'], string> = { POSTED: 'green', SENDING: 'gray', REVERSED: 'orange', FAILED: 'red' };

export function PostingStatusBadge({ posting: p }: { posting: Pick<Posting, 'status' | 'statusLabel'> }) {
  return (
    <Badge color={STATUS_COLORS[p.status]} variant={p.status === 'POSTED' ? 'filled' : 'light'}>
      {p.statusLabel}
    </Badge>
  );
}

/** Where the document lives: the system, its number and id there, and the way to open it. */
export function PostingLocation({ posting: p }: { posting: Posting }) {
  if (p.ledgerJournalId) {
    return (
      <Stack gap={0}>
        <Text size="sm">{p.systemName}</Text>
        <Text size="xs" c="dimmed">
          Journal <Code>{p.ledgerJournalId}</Code>
          {p.reversalJournalId ? ' · reversed' : ''}
        </Text>
        <Anchor component={Link} to="/ledger" size="xs">
          Open the built-in ledger
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{p.systemName}</Text>
      {p.remoteId ? (
        <Text size="xs" c="dimmed">
          {p.remoteNumber && p.remoteNumber !== p.remoteId ? `${p.remoteNumber} · ` : ''}ID <Code>{p.remoteId}</Code>
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Not in {p.systemName} yet
        </Text>
      )}
      {p.remoteUrl && (
        <Anchor href={p.remoteUrl} target="_blank" rel="noreferrer" size="xs" aria-label={`Open ${p.number} in ${p.systemName}`}>
          Open in {p.systemName}
        </Anchor>
      )}
    </Stack>
  );
}

export function postingColumns(): Array<DataColumn<Posting>> {
  return [
    { id: 'date', header: 'Date', isSortable: true, cell: (p) => formatDateValue(p.date) },
    {
      id: 'number',
      header: 'Document',
      isSortable: true,
      cell: (p) => (
        <Stack gap={0}>
          <Anchor component={Link} to={postingPath(p.documentId)} size="sm" aria-label={`Open posting ${p.number}`}>
            {p.number}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.kindLabel}
            {p.part.count > 1 ? ` · part ${p.part.index} of ${p.part.count}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'settlementId',
      header: 'Settlement',
      isSortable: true,
      cell: (p) => (
        <Stack gap={0}>
          <Anchor component={Link} to={detailPath(p.settlementKey)} size="sm" aria-label={`Open settlement ${p.settlementId}`}>
            #{p.settlementId}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.channel}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'total',
      header: 'Total',
      isSortable: true,
      align: 'right',
      cell: (p) => (
        <Text size="sm" ff="monospace">
          <MoneyText amount={p.total} currency={p.currency} />
        </Text>
      ),
    },
    { id: 'status', header: 'Status', isSortable: true, cell: (p) => <PostingStatusBadge posting={p} /> },
    { id: 'location', header: 'Where it lives', cell: (p) => <PostingLocation posting={p} /> },
    { id: 'postedAt', header: 'Posted at', isSortable: true, cell: (p) => <TimestampText value={p.postedAt} /> },
  ];
}
