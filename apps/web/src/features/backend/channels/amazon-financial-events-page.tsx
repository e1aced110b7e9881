/**
 * /backend/{accountKey}/amazon/financial-events/{groupId}: one financial event group's events
 * (listFinancialEventsByGroupId) by event type, with counts and exact totals as Ledgerport books them,
 * and the events as received (issue 19, decision 0046).
 */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AmazonEventList } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { LazyModal } from '../../../ui/lazy-modal';
import { MoneyText } from '../../../ui/money-text';
import { amazonGroupsPath, fetchAmazonEvents } from './backend-channels-api';
import { CallError, ConnectionHeading, RawJson } from './channel-page-parts';

export function AmazonFinancialEventsPage() {
  const { accountKey = '', groupId = '' } = useParams();
  const [open, setOpen] = useState<AmazonEventList | null>(null);
  const events = useQuery({ queryKey: ['backend', 'amazon-events', accountKey, groupId], queryFn: () => fetchAmazonEvents(accountKey, groupId), retry: false });
  const columns: Array<DataColumn<AmazonEventList>> = [
    { id: 'label', header: 'Event type', sortValue: (l) => l.label, cell: (l) => (
      <Stack gap={0}>
        <Text size="sm">{l.label}</Text>
        <Text size="xs" c="dimmed">
          {l.list}
        </Text>
      </Stack>
    ) },
    { id: 'count', header: 'Events', align: 'right', sortValue: (l) => l.count, cell: (l) => l.count },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      sortValue: (l) => (l.total === null ? null : (parseDecimalUnits(l.total) ?? null)),
      cell: (l) =>
        l.total !== null ? (
          <MoneyText amount={l.total} currency={l.currency} />
        ) : (
          <Badge color="gray" variant="light" tt="none">
            {l.isItemized ? 'Several currencies' : 'Not itemized by Ledgerport'}
          </Badge>
        ),
    },
    {
      id: 'raw',
      header: 'Raw',
      cell: (l) => (
        <Button size="compact-xs" variant="light" onClick={() => setOpen(l)} aria-label={`View the raw ${l.label} events`}>
          View JSON
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between" align="start">
        <ConnectionHeading title={`Amazon financial events of group ${groupId}`} channel="Amazon" connection={events.data?.connection} />
        <Anchor component={Link} to={amazonGroupsPath(accountKey)} size="sm">
          Every event group
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        The group&apos;s events by type, read live from the Finances API. Totals are what Ledgerport books for each type; a type Ledgerport does not itemize
        arrives with the settlement report.
      </Text>
      {events.error && <CallError error={events.error} channel="Amazon" />}
      {!events.error && (
        <DataTable label="Events by type" columns={columns} rows={events.data?.lists ?? []} getRowId={(l) => l.list} initialSort={{ id: 'count', desc: true }} isLoading={events.isPending} emptyText="Amazon lists no event in this group." />
      )}
      <LazyModal opened={open !== null} onClose={() => setOpen(null)} title={open ? `${open.label} events (${open.count})` : ''} size="xl">
        {open && <RawJson value={open.events} label={`Raw ${open.label} events`} />}
      </LazyModal>
    </Stack>
  );
}
