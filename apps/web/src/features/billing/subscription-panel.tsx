/**
 * The subscription covering the account: plan, status, renewal or end date, the card (masked, its
 * expiry only when known), cancel at period end or resume, payment method update (Stripe's portal),
 * and the invoices with their PDFs.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingSubscriptionBody } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { DateText } from '../../ui/date-text';
import { MoneyText } from '../../ui/money-text';
import { overviewKey } from './billing-queries';
import { PaymentCard } from '../../ui/payment-card';

interface Invoice {
  invoiceId: string;
  number: string | null;
  date: string;
  currency: string;
  total: string;
  status: string;
  pdfUrl: string | null;
  hostedUrl: string | null;
}

const STATUS_COLOR: Record<string, string> = { active: 'green', trialing: 'blue', past_due: 'orange', unpaid: 'red', canceled: 'gray' };

export function SubscriptionPanel({ accountKey, subscription }: { accountKey: string; subscription: BillingSubscriptionBody }) {
  const queryClient = useQueryClient();
  const s = subscription;
  const cancel = useMutation({
    mutationFn: (action: 'cancel' | 'resume') => api.post<{ message: string }>('/billing/subscription/cancel', { accountKey, action }),
    onSuccess: async (r) => {
      showToast('success', r.message);
      await queryClient.invalidateQueries({ queryKey: overviewKey(accountKey) });
    },
    onError: (e) => showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'),
  });
  const portal = useMutation({
    mutationFn: () => api.post<{ url: string }>('/billing/portal', { accountKey }),
    onSuccess: (r) => window.location.assign(r.url),
    onError: (e) => showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'),
  });
  const isEnding = s.isCancelAtPeriodEnd && s.status !== 'canceled';
  return (
    <Card withBorder aria-label="Subscription">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {s.planName} plan, {s.period}
          </Title>
          <Badge color={STATUS_COLOR[s.status] ?? 'gray'}>{s.status.replace('_', ' ')}</Badge>
        </Group>
        <Text size="sm">
          <MoneyText amount={s.amount} currency={s.currency} /> {s.period === 'monthly' ? 'a month' : 'a year'}
          {s.couponCode ? ` · coupon ${s.couponCode}` : ''}
        </Text>
        {s.currentPeriodEnd && s.status !== 'canceled' && (
          <Text size="sm" aria-label={isEnding ? 'Subscription end date' : 'Renewal date'}>
            {isEnding ? 'Ends on ' : 'Renews on '}
            <DateText value={s.currentPeriodEnd.slice(0, 10)} />
          </Text>
        )}
        {s.pastDueSince && (
          <Alert color="orange" title="A payment failed">
            Update the payment method. Sending to your accounting system pauses on <DateText value={(s.sendingPausedFrom ?? '').slice(0, 10)} /> if it is still unpaid; uploads and fetches go on.
          </Alert>
        )}
        {s.card && <PaymentCard card={s.card} />}
        {s.canManage && s.status !== 'canceled' && (
          <Group>
            {isEnding ? (
              <Button variant="light" onClick={() => cancel.mutate('resume')} loading={cancel.isPending}>
                Resume subscription
              </Button>
            ) : (
              <Button variant="light" color="red" onClick={() => cancel.mutate('cancel')} loading={cancel.isPending}>
                Cancel at period end
              </Button>
            )}
            <Button variant="default" onClick={() => portal.mutate()} loading={portal.isPending}>
              Update payment method
            </Button>
          </Group>
        )}
        {s.canManage && <Invoices accountKey={accountKey} />}
      </Stack>
    </Card>
  );
}

function Invoices({ accountKey }: { accountKey: string }) {
  const query = useQuery({ queryKey: ['billing-invoices', accountKey], queryFn: () => api.get<{ invoices: Invoice[] }>('/billing/invoices', { accountKey }) });
  const [order, setOrder] = useState<'newest' | 'oldest'>('newest');
  const [status, setStatus] = useState<'all' | 'paid' | 'open'>('all');
  const rows = useMemo(() => {
    const list = (query.data?.invoices ?? []).filter((i) => status === 'all' || i.status === status);
    return [...list].sort((a, b) => (order === 'newest' ? b.date.localeCompare(a.date) : a.date.localeCompare(b.date)));
  }, [query.data, order, status]);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h6">
          Invoices
        </Title>
        <Group gap="xs">
          <SegmentedControl size="xs" aria-label="Invoice status" value={status} onChange={(v) => setStatus(v)} data={[{ value: 'all', label: 'All' }, { value: 'paid', label: 'Paid' }, { value: 'open', label: 'Open' }]} />
          <SegmentedControl size="xs" aria-label="Invoice order" value={order} onChange={(v) => setOrder(v)} data={[{ value: 'newest', label: 'Newest first' }, { value: 'oldest', label: 'Oldest first' }]} />
        </Group>
      </Group>
      <Table aria-label="Invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>PDF</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.invoiceId}>
              <Table.Td>
                <DateText value={i.date.slice(0, 10)} />
              </Table.Td>
              <Table.Td>{i.number ?? '--'}</Table.Td>
              <Table.Td ta="right">
                <MoneyText amount={i.total} currency={i.currency} />
              </Table.Td>
              <Table.Td>{i.status}</Table.Td>
              <Table.Td>{i.pdfUrl ? <Anchor href={i.pdfUrl} target="_blank" rel="noreferrer" size="sm">Download PDF</Anchor> : '--'}</Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed">
                  {query.isLoading ? 'Loading invoices…' : 'No invoice yet.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
