/**
 * User Settings > Billing, Subscriptions, Partner Subscriptions and Firm Billing: the subscriptions
 * the signed-in person pays for (a firm's covering several client accounts), each with its plan,
 * status, renewal or end date, card and the accounts it covers; sorted and filtered by status.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Group, Loader, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BillingSubscriptionBody } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { DateText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';

type Variant = 'billing' | 'subscriptions' | 'partner-subscriptions' | 'firm-billing';

const INTRO: Record<Variant, string> = {
  billing: 'Your payment cards and the subscriptions you pay for. Open an account’s Billing page to change its plan or update the card.',
  subscriptions: 'The plans of the accounts you pay for.',
  'partner-subscriptions': 'The plans of your client accounts that your firm pays for.',
  'firm-billing': 'Your firm’s subscriptions: one subscription can cover several client accounts.',
};

export function SubscriptionsPage({ variant }: { variant: Variant }) {
  const query = useQuery({ queryKey: ['billing-subscriptions'], queryFn: () => api.get<{ isEnabled: boolean; subscriptions: BillingSubscriptionBody[] }>('/billing/subscriptions') });
  const [status, setStatus] = useState<'all' | 'live' | 'canceled'>('all');
  const [order, setOrder] = useState<'plan' | 'renewal'>('renewal');
  const rows = useMemo(() => {
    const all = query.data?.subscriptions ?? [];
    const kind = variant === 'firm-billing' || variant === 'partner-subscriptions' ? all.filter((s) => s.kind === 'firm') : all;
    const filtered = kind.filter((s) => status === 'all' || (status === 'canceled' ? s.status === 'canceled' : s.status !== 'canceled'));
    return [...filtered].sort((a, b) => (order === 'plan' ? a.planName.localeCompare(b.planName) : (a.currentPeriodEnd ?? '').localeCompare(b.currentPeriodEnd ?? '')));
  }, [query.data, status, order, variant]);
  if (query.isLoading) return <Loader aria-label="Loading subscriptions" />;
  if (query.error) return <Alert color="red">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  if (!query.data?.isEnabled) return <Alert color="blue">Billing is off on this installation: every account is unlimited.</Alert>;
  return (
    <Stack>
      <Text>{INTRO[variant]}</Text>
      {variant === 'partner-subscriptions' && (
        <Anchor component={Link} to="/user/settings/firm-billing">
          Choose the client accounts your firm pays for
        </Anchor>
      )}
      <Group>
        <SegmentedControl aria-label="Subscription status" value={status} onChange={(v) => setStatus(v)} data={[{ value: 'all', label: 'All' }, { value: 'live', label: 'Active' }, { value: 'canceled', label: 'Cancelled' }]} />
        <SegmentedControl aria-label="Sort subscriptions" value={order} onChange={(v) => setOrder(v)} data={[{ value: 'renewal', label: 'By renewal date' }, { value: 'plan', label: 'By plan' }]} />
      </Group>
      <Table aria-label="Subscriptions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Renews or ends</Table.Th>
            <Table.Th>Card</Table.Th>
            <Table.Th>Accounts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.subscriptionId}>
              <Table.Td>
                {s.planName} ({s.period})
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={s.status === 'active' ? 'green' : s.status === 'canceled' ? 'gray' : 'orange'}>
                  {s.isCancelAtPeriodEnd && s.status !== 'canceled' ? 'ends at period end' : s.status.replace('_', ' ')}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <MoneyText amount={s.amount} currency={s.currency} />
              </Table.Td>
              <Table.Td>{s.currentPeriodEnd ? <DateText value={s.currentPeriodEnd.slice(0, 10)} /> : '--'}</Table.Td>
              <Table.Td>{s.card ? `${s.card.masked}${s.card.expiry ? ` · ${s.card.expiry}` : ''}` : '--'}</Table.Td>
              <Table.Td>
                {s.accountKeys.map((k) => (
                  <Anchor key={k} component={Link} to={`/billing?accountKey=${encodeURIComponent(k)}`} size="sm" mr="xs">
                    {k}
                  </Anchor>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed">
                  {variant === 'firm-billing' || variant === 'partner-subscriptions' ? 'No firm subscription yet. Choose client accounts under Firm Billing and check out.' : 'No subscription here yet. Open an account’s Billing page to choose a plan.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
