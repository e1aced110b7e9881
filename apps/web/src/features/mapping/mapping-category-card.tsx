/** One category of the mappings screen: its types with line counts, amounts and the two pickers. */
import { Badge, Card, Group, Select, Table, Text, Title } from '@mantine/core';
import type { MappingRow } from '@ledgerport/contract';
import { countOf } from '@ledgerport/core/rules';
import { MoneyText } from '../../ui/money-text';
import { categoryLabel, type MappingGroup } from './mapping-groups';
import { TableScroll } from '../../ui/data-table';
import { isPrefilled } from './shown-mapping';

export type Draft = Record<string, { accountCode: string | null; taxRateCode: string | null }>;
export const rowKey = (r: MappingRow) => `${r.channel}|${r.typeKey}`;
type Options = Array<{ group: string; items: Array<{ value: string; label: string }> }>;

function SourceBadge({ row, draft }: { row: MappingRow; draft: Draft[string] | undefined }) {
  if (draft)
    return (
      <Badge color="blue" variant="light">
        Changed
      </Badge>
    );
  // Still unmapped until saved: the pre-filled account is an offer, not a mapping.
  if (isPrefilled(row))
    return (
      <Group gap={4}>
        <Badge color="red" variant="light">
          Unmapped
        </Badge>
        <Badge color="orange" variant="light" title="Pre-filled with its category's account: save to confirm">
          New type
        </Badge>
      </Group>
    );
  if (row.isUnmapped)
    return (
      <Badge color="red" variant="light">
        Unmapped
      </Badge>
    );
  // The account setting maps a new fee to the fees account until someone maps it.
  if (row.source === 'category' && !row.isKnownType)
    return (
      <Group gap={4}>
        <Badge color="orange" variant="light">
          New type
        </Badge>
        <Badge color="gray" variant="light">
          Category default
        </Badge>
      </Group>
    );
  if (row.source === 'category')
    return (
      <Badge color="gray" variant="light">
        Category default
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Mapped
    </Badge>
  );
}

export function MappingCategoryCard(props: {
  group: MappingGroup;
  accountsData: Options;
  taxData: Array<{ value: string; label: string }>;
  draft: Draft;
  valueOf: (r: MappingRow) => Draft[string];
  onChange: (r: MappingRow, patch: Partial<Draft[string]>) => void;
}) {
  const { group: g, accountsData, taxData, draft, valueOf, onChange: setRow } = props;
  return (
    <Card withBorder component="section" aria-label={`Category ${categoryLabel(g.category)}`}>
      <Group gap="xs" mb="xs">
        <Title order={2} size="h5">
          {categoryLabel(g.category)}
        </Title>
        <Text size="sm" c="dimmed">
          {countOf(g.rows.length, 'type')}
        </Text>
        {g.unmappedCount > 0 && (
          <Badge color="red" variant="light">
            {g.unmappedCount} unmapped
          </Badge>
        )}
      </Group>
      <TableScroll minWidth={900} isStackedOnPhone>
        <Table aria-label={`${categoryLabel(g.category)} mappings`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Transaction type</Table.Th>
              <Table.Th ta="right">Lines</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Tax rate</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {g.rows.map((r) => {
              const v = valueOf(r);
              return (
                <Table.Tr key={rowKey(r)}>
                  <Table.Td data-label="Transaction type">
                    <Text size="sm">{r.label}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {r.typeKey}
                      {!r.isKnownType ? ' · new type' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-label="Lines">
                    {r.lineCount}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Amount">
                    {r.amounts.map((a) => (
                      <div key={a.currency}>
                        <MoneyText amount={a.amount} currency={a.currency} />
                      </div>
                    ))}
                  </Table.Td>
                  <Table.Td miw={260} data-label="Account">
                    <Select
                      aria-label={`Account for ${r.label}`}
                      placeholder="Choose an account"
                      data={accountsData}
                      value={v.accountCode}
                      searchable
                      onChange={(code) => setRow(r, { accountCode: code })}
                      size="xs"
                    />
                  </Table.Td>
                  <Table.Td miw={180} data-label="Tax rate">
                    <Select
                      aria-label={`Tax rate for ${r.label}`}
                      placeholder="Choose a tax rate"
                      data={taxData}
                      value={v.taxRateCode}
                      onChange={(code) => setRow(r, { taxRateCode: code })}
                      size="xs"
                    />
                  </Table.Td>
                  <Table.Td data-label="State">
                    <SourceBadge row={r} draft={draft[rowKey(r)]} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}
