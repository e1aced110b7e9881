/** The columns of the settlement tables (spec section 2): date, total, channel (marketplace), status, actions. */
import { detailPath } from './settlement-path';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Settlement } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { formatDateValue } from '@ledgerport/core/rules';
import { Link } from 'react-router';
import type { DataColumn } from '../../ui/data-table';
import { MoneyText } from '../../ui/money-text';
import { SettlementBadges } from '../../ui/settlement-badges';

export function settlementPeriod(s: Pick<Settlement, 'start' | 'end'>): string {
  if (!s.start && !s.end) return '--';
  return `${formatDateValue(s.start)} – ${formatDateValue(s.end)}`;
}


export function settlementColumns(renderActions?: (s: Settlement) => React.ReactNode): Array<DataColumn<Settlement>> {
  const columns: Array<DataColumn<Settlement>> = [
    {
      id: 'start',
      header: 'Date',
      isSortable: true,
      sortValue: (s) => s.start ?? '',
      cell: (s) => (
        <Stack gap={0}>
          <Anchor component={Link} to={detailPath(s.settlementKey)} size="sm" aria-label={`Open settlement ${s.settlementId}`}>
            {settlementPeriod(s)}
          </Anchor>
          <Text size="xs" c="dimmed">
            #{s.settlementId}
            {s.depositDate ? ` · deposited ${formatDateValue(s.depositDate)}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'total',
      header: 'Total',
      isSortable: true,
      sortValue: (s) => (s.total === null ? null : (parseDecimalUnits(s.total, '.') ?? null)),
      align: 'right',
      cell: (s) => (
        <Text size="sm" ff="monospace">
          <MoneyText amount={s.total} currency={s.currency} />
        </Text>
      ),
    },
    {
      id: 'channel',
      header: 'Channel',
      isSortable: true,
      sortValue: (s) => s.channel,
      cell: (s) => (
        <Stack gap={0}>
          <Text size="sm">{s.channel}</Text>
          {s.gateway && (
            <Text size="xs" c="dimmed">
              {s.gateway}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'postingStatus',
      header: 'Status',
      isSortable: true,
      sortValue: (s) => s.postingStatus,
      cell: (s) => <SettlementBadges badges={s.badges} onHoldReason={s.onHoldReason} sendState={s.sendState} />,
    },
  ];
  if (renderActions) columns.push({ id: 'actions', header: 'Actions', cell: (s) => <Group gap={4} wrap="nowrap">{renderActions(s)}</Group> });
  return columns;
}
