/**
 * The accounts a posting needs beyond the mapped types (clearing, reserved balances, carried
 * forward, rounding, suspense). With a connected chart a role no account of the system matched is
 * flagged "Not in <system>": create it there and refresh, or choose another account here.
 */
import { Badge, Card, Group, Select, Table, Text, Title } from '@mantine/core';
import { TableScroll } from '../../ui/data-table';
import type { Mappings, RoleAccount } from '@ledgerport/contract';
import { channelName } from '../../ui/channel-icon';

export type RoleDraft = Record<string, string>;
export const roleKey = (r: Pick<RoleAccount, 'role' | 'channel'>) => `${r.role}|${r.channel ?? ''}`;

const ROLE_LABELS: Record<RoleAccount['role'], string> = {
  clearing: 'Clearing',
  'reserved-balances': 'Reserved balances',
  'carried-forward': 'Carried forward balance',
  rounding: 'Rounding',
  suspense: 'Suspense',
};

export const roleLabel = (r: Pick<RoleAccount, 'role' | 'channel'>) =>
  r.channel ? `${channelName(r.channel)} ${ROLE_LABELS[r.role].toLowerCase()}` : ROLE_LABELS[r.role];

export function RoleAccountsCard(props: {
  data: Mappings;
  systemName: string;
  accountsData: Array<{ group: string; items: Array<{ value: string; label: string }> }>;
  draft: RoleDraft;
  onChange: (r: RoleAccount, code: string | null) => void;
}) {
  const { data, systemName, accountsData, draft, onChange } = props;
  const missing = data.roleAccounts.filter((r) => r.isMissingInSystem && !draft[roleKey(r)]).length;
  return (
    <Card withBorder component="section" aria-label="Posting accounts">
      <Group gap="xs" mb="xs">
        <Title order={2} size="h5">
          Posting accounts
        </Title>
        <Text size="sm" c="dimmed">
          Where each payout's net amount, reserves, rounding and unmapped amounts go.
        </Text>
        {missing > 0 && (
          <Badge color="orange" variant="light">
            {missing} not in {systemName}
          </Badge>
        )}
      </Group>
      <TableScroll minWidth={0} isStackedOnPhone>
      <Table aria-label="Posting accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.roleAccounts.map((r) => {
            const label = roleLabel(r);
            const chosen = draft[roleKey(r)];
            // A missing default account stays choosable so the picker shows what is used today.
            const options = r.isMissingInSystem
              ? [
                  ...accountsData,
                  {
                    group: `Not in ${systemName}`,
                    items: [{ value: r.accountCode, label: `${r.accountCode} · ${r.accountName}` }],
                  },
                ]
              : accountsData;
            return (
              <Table.Tr key={roleKey(r)}>
                <Table.Td data-label="Role">{label}</Table.Td>
                <Table.Td miw={280} data-label="Account">
                  <Select
                    aria-label={`Account for ${label}`}
                    data={dedupe(options)}
                    value={chosen ?? r.accountCode}
                    searchable
                    size="xs"
                    onChange={(code) => onChange(r, code)}
                  />
                </Table.Td>
                <Table.Td data-label="State">
                  {chosen ? (
                    <Badge color="blue" variant="light">
                      Changed
                    </Badge>
                  ) : r.isMissingInSystem ? (
                    <Badge
                      color="orange"
                      variant="light"
                      title={`Create ${r.accountName} in ${systemName} and refresh, or choose another account.`}
                    >
                      Not in {systemName}
                    </Badge>
                  ) : (
                    <Badge color="green" variant="light">
                      In use
                    </Badge>
                  )}
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

/** Mantine's Select refuses a value listed twice. */
function dedupe(groups: Array<{ group: string; items: Array<{ value: string; label: string }> }>) {
  const seen = new Set<string>();
  return groups
    .map((g) => ({
      group: g.group,
      items: g.items.filter((i) => (seen.has(i.value) ? false : (seen.add(i.value), true))),
    }))
    .filter((g) => g.items.length > 0);
}
