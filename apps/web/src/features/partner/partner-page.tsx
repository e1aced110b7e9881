/** /partner (issue 19): the partner programme details: the firm's partner code and its clients. */
import { Alert, Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isTrialAccount } from '@ledgerport/core/billing';
import { ApiError } from '../../lib/api-client';
import { useIsBillingEnabled } from '../../lib/session-context';
import { fetchPartnerAccountsStatus } from './partner-api';

export function PartnerPage() {
  const query = useQuery({ queryKey: ['partner', 'accounts-status'], queryFn: fetchPartnerAccountsStatus });
  const isBillingEnabled = useIsBillingEnabled();
  if (query.error) {
    return <Alert color="red" role="alert">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  }
  if (!query.data) return <Text c="dimmed">Loading…</Text>;
  const { partnerCode, accounts } = query.data;
  if (partnerCode === null) {
    return <Alert color="blue">You are not a member of a partner firm. Accounting firms that do their clients' books join the partner programme and see every client on one dashboard.</Alert>;
  }
  const trials = accounts.filter((a) => isTrialAccount(a, true)).length;
  return (
    <Stack maw={640}>
      <Card withBorder>
        <Table aria-label="Partner programme" variant="vertical">
          <Table.Tbody>
            <Table.Tr><Table.Th w={220}>Partner code</Table.Th><Table.Td>{partnerCode}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th>Client accounts</Table.Th><Table.Td>{accounts.length}</Table.Td></Table.Tr>
            {isBillingEnabled && <Table.Tr><Table.Th>On a trial</Table.Th><Table.Td>{trials}</Table.Td></Table.Tr>}
            {isBillingEnabled && <Table.Tr><Table.Th>On a plan</Table.Th><Table.Td>{accounts.length - trials}</Table.Td></Table.Tr>}
          </Table.Tbody>
        </Table>
      </Card>
      <Text size="sm">
        Accounts created by your firm carry your partner code, so everyone in your firm can work on them.{' '}
        <Anchor component={Link} to="/partner-dashboard">Open the Partner Dashboard</Anchor> to see each client's settlements waiting, unmapped types and connection status.
      </Text>
    </Stack>
  );
}
