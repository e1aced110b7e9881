/**
 * User Settings > Firm Billing (issue 16, decision 0040): a partner firm chooses the client accounts it
 * pays for, a plan and a period, and checks out once on Stripe's hosted page (quantity = the accounts
 * chosen); once Stripe's webhook arrives those accounts have the plan. Below, the firm's subscriptions.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, Loader, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { FirmClientAccount } from '@ledgerport/contract';
import { decimalToUnits, formatUnits } from '@ledgerport/core/money';
import { api, ApiError } from '../../lib/api-client';
import { track } from '../../lib/track';
import { MoneyText } from '../../ui/money-text';
import { SubscriptionsPage } from './subscriptions-page';
import { ErrorAlert } from '../../ui/error-alert';
import { useIsBillingEnabled } from '../../lib/session-context';
import { BillingOffNotice } from './billing-off-notice';

interface FirmAccountsBody {
  partnerCode: string | null;
  accounts: FirmClientAccount[];
  plans: { code: string; name: string; currency: string; monthly: string | null; yearly: string | null }[];
}

const COVERED: Record<FirmClientAccount['coveredBy'], string> = { none: 'Trial or unpaid', own: 'Its own subscription', firm: 'Your firm' };

export function FirmBillingPage() {
  return useIsBillingEnabled() ? <FirmBilling /> : <BillingOffNotice />;
}

function FirmBilling() {
  const [params] = useSearchParams();
  const query = useQuery({ queryKey: ['firm-accounts'], queryFn: () => api.get<FirmAccountsBody>('/billing/firm/accounts'), // Back from Stripe: look again every 2 s for a minute, until the webhook has given the accounts the plan.
    refetchInterval: (q) => (params.get('checkout') === 'complete' && q.state.dataUpdateCount < 30 ? 2000 : false) });
  const [chosen, setChosen] = useState<string[]>([]);
  const [planCode, setPlanCode] = useState<string | null>(null);
  const [period, setPeriod] = useState<'monthly' | 'yearly'>('monthly');
  const [coupon, setCoupon] = useState('');
  const [show, setShow] = useState<'all' | 'open' | 'firm'>('all');
  const [order, setOrder] = useState<'name' | 'plan'>('name');
  const checkout = useMutation({
    mutationFn: () => api.post<{ url: string }>('/billing/firm/checkout', { accountKeys: chosen, planCode, period, ...(coupon.trim() ? { couponCode: coupon.trim() } : {}) }),
    onSuccess: (r) => track('billing_checkout_started', { feature: 'firm-billing' }).then(() => window.location.assign(r.url)),
  });
  const rows = useMemo(() => {
    const all = query.data?.accounts ?? [];
    const shown = all.filter((a) => show === 'all' || (show === 'open' ? a.canChoose : a.coveredBy === 'firm'));
    return order === 'name' ? shown : [...shown].sort((a, b) => (a.planCode ?? '').localeCompare(b.planCode ?? '') || a.accountName.localeCompare(b.accountName));
  }, [query.data, show, order]);
  if (query.isLoading) return <Loader aria-label="Loading your firm's client accounts" />;
  if (query.error) {
    const isOff = query.error instanceof ApiError && query.error.status === 404;
    return <Alert color={isOff ? 'blue' : 'red'}>{isOff ? 'Billing is off on this installation: every account is unlimited.' : query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  }
  const data = query.data!;
  if (!data.partnerCode) return <Alert color="blue">Firm billing is for partner firms: your user belongs to no firm, so there are no client accounts to pay for.</Alert>;
  const plan = data.plans.find((p) => p.code === planCode) ?? null;
  const price = plan ? (period === 'monthly' ? plan.monthly : plan.yearly) : null;
  const total = price ? formatUnits(decimalToUnits(price) * BigInt(chosen.length), 2) : null;
  const toggle = (key: string, on: boolean) => setChosen((c) => (on ? [...c, key] : c.filter((k) => k !== key)));
  return (
    <Stack>
      {params.get('checkout') === 'complete' && (
        <Alert color="green" title="Payment received">
          Stripe confirmed the payment; the accounts show your firm&apos;s plan as soon as Stripe tells us the subscription is active.
        </Alert>
      )}
      {params.get('checkout') === 'cancelled' && <Alert color="gray">The checkout was cancelled; nothing was charged.</Alert>}
      <Title order={2} size="h4">
        Client accounts your firm ({data.partnerCode}) can pay for
      </Title>
      <Group>
        <SegmentedControl aria-label="Show client accounts" value={show} onChange={(v) => setShow(v)} data={[{ value: 'all', label: 'All' }, { value: 'open', label: 'Not paid for' }, { value: 'firm', label: 'Paid by your firm' }]} />
        <SegmentedControl aria-label="Sort client accounts" value={order} onChange={(v) => setOrder(v)} data={[{ value: 'name', label: 'By name' }, { value: 'plan', label: 'By plan' }]} />
      </Group>
      <Table aria-label="Client accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pay for</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Sales channel</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Paid by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.accountKey}>
              <Table.Td>
                <Checkbox aria-label={`Pay for ${a.accountName}`} checked={chosen.includes(a.accountKey)} disabled={!a.canChoose} onChange={(e) => toggle(a.accountKey, e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>{a.accountName}</Table.Td>
              <Table.Td>{a.salesChannel}</Table.Td>
              <Table.Td>{a.planCode ? a.planCode : <Badge color="orange" variant="light">Trial</Badge>}</Table.Td>
              <Table.Td>{COVERED[a.coveredBy]}</Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed">No client account matches this filter.</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Card withBorder maw={560}>
        <Stack gap="sm">
          <Select label="Plan" placeholder="Choose a plan" value={planCode} onChange={setPlanCode} data={data.plans.map((p) => ({ value: p.code, label: `${p.name}${p.monthly ? ` (${p.monthly} ${p.currency} a month per account)` : ''}` }))} />
          <SegmentedControl aria-label="Billing period" value={period} onChange={(v) => setPeriod(v)} data={[{ value: 'monthly', label: 'Monthly' }, { value: 'yearly', label: 'Yearly' }]} />
          <TextInput label="Coupon code" value={coupon} onChange={(e) => setCoupon(e.currentTarget.value)} maxLength={64} />
          <Text size="sm" aria-label="Firm checkout summary">
            {chosen.length} {chosen.length === 1 ? 'account' : 'accounts'}
            {plan && total ? (
              <>
                {' '}× {price} {plan.currency} = <MoneyText amount={total} currency={plan.currency} /> {period === 'monthly' ? 'a month' : 'a year'}, before coupon and tax (Stripe shows the exact total).
              </>
            ) : (
              '; choose a plan.'
            )}
          </Text>
          <ErrorAlert error={checkout.error} />
          <Button onClick={() => checkout.mutate()} loading={checkout.isPending} disabled={chosen.length === 0 || !planCode}>
            Check out {chosen.length} {chosen.length === 1 ? 'account' : 'accounts'}
          </Button>
          <Text size="xs" c="dimmed">
            You enter the firm&apos;s card on Stripe&apos;s secure page; Ledgerport never sees it.
          </Text>
        </Stack>
      </Card>
      <Title order={2} size="h4">
        Your firm&apos;s subscriptions
      </Title>
      <SubscriptionsPage variant="firm-billing" />
    </Stack>
  );
}
