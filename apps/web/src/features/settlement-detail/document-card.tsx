/**
 * One document that will be or was posted for a settlement (one per month part): its number, date,
 * status and each line's account, tax rate and amount, with a drill-down to the source rows.
 */
import { Anchor, Badge, Button, Card, Code, Group, Table, Text, Title } from '@mantine/core';
import type { DocumentLine, SettlementDocument } from '@ledgerport/contract';
import { accountingSystemLabel, documentKindLabel } from '@ledgerport/core/posting';
import { formatDateValue } from '@ledgerport/core/rules';
import { connectedSystemLabel } from '@ledgerport/core/connections';
import { useSession } from '../../lib/session-context';
import { MoneyText } from '../../ui/money-text';
import type { DrillDown } from './source-lines-modal';
import { TableScroll } from '../../ui/data-table';

const STATUS: Record<SettlementDocument['status'], { label: string; color: string }> = {
  PENDING: { label: 'Will be posted', color: 'gray' },
  POSTED: { label: 'Posted', color: 'green' },
  REVERSED: { label: 'Reversed', color: 'orange' },
  FAILED: { label: 'Failed', color: 'red' },
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export function monthName(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? month} ${y ?? ''}`.trim();
}

/** Amounts, codes and the row count never break over two lines: the text columns wrap instead. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const systemName = (system: string): string => (system === 'MANUAL' ? 'the built-in ledger' : accountingSystemLabel(system));

/** Where a posted (or since reversed) document lives in the accounting system: its number and id there. */
function RemoteDocument({ document: d }: { document: SettlementDocument }) {
  const { account } = useSession();
  if (!d.remoteId) return null;
  // The account's connection says whether its system is a local sandbox (decision 0056).
  const system = connectedSystemLabel(systemName(d.system), account.isAccountingSandbox && d.system === account.accountingSystem);
  return (
    <Text size="sm" mb="xs" aria-label={`Remote document of ${d.number}`}>
      {d.status === 'REVERSED' ? 'Was posted' : 'Posted'} to {system}
      {d.remoteNumber ? ` as ${d.remoteNumber}` : ''} · ID <Code>{d.remoteId}</Code>
      {d.remoteUrl && (
        <>
          {' · '}
          <Anchor href={d.remoteUrl} target="_blank" rel="noreferrer">
            Open in {system}
          </Anchor>
        </>
      )}
    </Text>
  );
}

function describeSelector(line: DocumentLine): string {
  return line.description || line.accountName;
}

export function DocumentCard({ document: d, onDrill }: { document: SettlementDocument; onDrill: (drill: DrillDown) => void }) {
  return (
    <Card withBorder component="section" aria-label={`Document ${d.number}`}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <Title order={3} size="h5">
            {documentKindLabel(d.kind)} {d.number}
          </Title>
          <Badge color={STATUS[d.status].color} variant={d.status === 'POSTED' ? 'filled' : 'light'}>
            {STATUS[d.status].label}
          </Badge>
          {d.part.count > 1 && (
            <Badge variant="outline">
              Part {d.part.index} of {d.part.count}: {monthName(d.part.month)}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateValue(d.date)} · {accountingSystemLabel(d.system)}
        </Text>
      </Group>
      <RemoteDocument document={d} />
      {d.error && (
        <Text c="red" size="sm" mb="xs" role="alert">
          {d.error}
        </Text>
      )}
      <TableScroll minWidth={640}>
        <Table aria-label={`Lines of ${d.number}`} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th style={NO_WRAP}>Tax rate</Table.Th>
              <Table.Th ta="right">Debit</Table.Th>
              <Table.Th ta="right">Credit</Table.Th>
              <Table.Th style={NO_WRAP}>Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.lines.map((l, i) => (
              <Table.Tr key={i} data-role={l.role}>
                <Table.Td>
                  {l.description}
                  {l.role === 'unmapped' && (
                    <Badge color="red" variant="light" size="xs" ml={6}>
                      Unmapped
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" span ff="monospace">
                    {l.accountCode}
                  </Text>{' '}
                  {l.accountName}
                </Table.Td>
                <Table.Td>{l.taxRateCode || '--'}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>{l.side === 'debit' ? <MoneyText amount={l.amount} currency={d.currency} /> : ''}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>{l.side === 'credit' ? <MoneyText amount={l.amount} currency={d.currency} /> : ''}</Table.Td>
                <Table.Td style={NO_WRAP}>
                  {l.sources.lineCount > 0 ? (
                    <Button size="compact-xs" variant="subtle" onClick={() => onDrill({ title: describeSelector(l), selector: l.sources.selector })} aria-label={`Source rows of ${describeSelector(l)}`}>
                      {l.sources.lineCount === 1 ? '1 row' : `${l.sources.lineCount} rows`}
                    </Button>
                  ) : (
                    '--'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Group justify="flex-end" mt="xs">
        <Text size="sm">
          Net of this part: <MoneyText amount={d.partNet} currency={d.currency} />
        </Text>
      </Group>
    </Card>
  );
}
