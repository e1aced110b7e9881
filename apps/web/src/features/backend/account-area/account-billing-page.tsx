/**
 * /account/{accountKey}/billing: the account's plan, this month's usage against its limits and the
 * subscription paying for it, read-only (the payer changes it on Billing).
 */
import { Alert, Badge, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@ledgerport/contract';
import { api, ApiError } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { DateText } from '../../../ui/date-text';
import { MoneyText } from '../../../ui/money-text';
import { AccountAreaFrame } from './account-area-frame';
import { FactCard as Fact } from '../../../ui/fact';

const ofMax = (used: number, max: number | null) =>
  max === null ? `${used} (no limit)` : `${used} of ${max}`;


function AccountBilling({ account }: { account: Account }) {
  const query = useQuery({
    queryKey: ['billing', 'overview', account.accountKey],
    queryFn: () => api.get<BillingOverview>('/billing/overview', { accountKey: account.accountKey }),
  });
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Could not load the billing">
        {query.error instanceof ApiError
          ? query.error.message
          : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  const b = query.data;
  if (!b) return <Text size="sm">Loading the billing…</Text>;
  const s = b.subscription;
  return (
    <>
      {!b.isEnabled && (
        <Alert color="gray" title="Billing is switched off on this server">
          Every account may send without a subscription; the plan limits below are not enforced.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Fact label="Plan">
          {b.isTrial ? (
            <Badge color="orange" variant="light">
              Trial
            </Badge>
          ) : (
            (b.planCode ?? '--')
          )}
        </Fact>
        <Fact label="Settlements sent this month">
          {ofMax(b.usage.sentThisMonth, b.usage.settlementsPerMonth)}
        </Fact>
        <Fact label="Files loaded">{ofMax(b.usage.filesUsed, b.usage.filesMax)}</Fact>
        <Fact label="Channels">{ofMax(b.usage.channels, b.usage.channelsMax)}</Fact>
      </SimpleGrid>
      {s ? (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Fact label="Subscription">
            {s.planName} ({s.kind === 'firm' ? 'firm' : 'account'}, {s.period})
          </Fact>
          <Fact label="Status">
            {s.status}
            {s.isCancelAtPeriodEnd ? ' · cancels at the end of the period' : ''}
          </Fact>
          <Fact label="Amount">
            <MoneyText amount={s.amount} currency={s.currency} />
          </Fact>
          <Fact label="Current period ends">
            <DateText value={s.currentPeriodEnd} />
          </Fact>
          <Fact label="Past due since">
            {s.pastDueSince ? <DateText value={s.pastDueSince} /> : 'Nothing owed'}
          </Fact>
          <Fact label="Card">
            {s.card
              ? `${s.card.brand ?? 'Card'} ${s.card.masked}${s.card.expiry ? `, expires ${s.card.expiry}` : ''}`
              : 'None on file'}
          </Fact>
          <Fact label="Accounts it pays for">{s.accountKeys.join(', ')}</Fact>
          <Fact label="Coupon">{s.couponCode ?? 'None'}</Fact>
          <Fact label="Subscription id">{s.subscriptionId}</Fact>
        </SimpleGrid>
      ) : (
        <Text size="sm">
          No subscription pays for this account{b.isTrial ? ': it is on the trial.' : '.'}
        </Text>
      )}
    </>
  );
}

export function AccountBillingPage() {
  return <AccountAreaFrame>{(account) => <AccountBilling account={account} />}</AccountAreaFrame>;
}
