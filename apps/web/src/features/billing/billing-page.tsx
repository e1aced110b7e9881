/**
 * Billing (/billing, /subscribe, /billing/migration, Account Settings > Billing): the account's plan
 * (a Trial badge when it has none), the usage meter, the plans to choose from, and the subscription
 * with its invoices. Choosing a plan opens the checkout; with a subscription, it changes the plan
 * (Stripe prorates; a downgrade below this month's usage is refused with why).
 */
import { useState } from 'react';
import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';
import { fetchOverview, overviewKey } from './billing-queries';
import { PlanTable } from './plan-table';
import { SubscriptionPanel } from './subscription-panel';
import { UsageMeter } from './usage-meter';
import { BillingOffNotice } from './billing-off-notice';

export function BillingPage({ variant = 'billing' }: { variant?: 'billing' | 'subscribe' | 'migration' }) {
  const { account } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<'monthly' | 'yearly'>('monthly');
  const query = useQuery({ queryKey: overviewKey(account.accountKey), queryFn: () => fetchOverview(account.accountKey) });
  const change = useMutation({
    mutationFn: (planCode: string) => api.post<{ message: string }>('/billing/subscription/change', { accountKey: account.accountKey, planCode, period }),
    onSuccess: async (r) => {
      showToast('success', r.message);
      await queryClient.invalidateQueries({ queryKey: overviewKey(account.accountKey) });
    },
    onError: (e) => showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'),
  });
  if (query.isLoading) return <Loader aria-label="Loading billing" />;
  if (query.error) return <Alert color="red">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  const o = query.data!;
  if (!o.isEnabled) return <BillingOffNotice />;
  const live = o.subscription && o.subscription.status !== 'canceled' ? o.subscription : null;
  const choose = (planCode: string) => {
    if (live) change.mutate(planCode);
    else void navigate(`/billing/checkout?accountKey=${encodeURIComponent(account.accountKey)}&planCode=${planCode}&period=${period}`);
  };
  return (
    <Stack>
      {variant === 'migration' && (
        <Alert color="blue" title="Billing runs on Stripe">
          {live ? `This account's ${live.planName} plan is billed through Stripe; nothing needs moving.` : 'Choose a plan below; it is billed through Stripe from the start.'}
        </Alert>
      )}
      <Group>
        <Title order={2} size="h4">
          {account.accountName}
        </Title>
        {o.isTrial ? (
          <Badge color="orange" variant="light" aria-label="Trial account">
            Trial
          </Badge>
        ) : (
          <Badge color="green">{o.plans.find((p) => p.code === o.planCode)?.name ?? o.planCode} plan</Badge>
        )}
      </Group>
      {o.isTrial && <Text>Upgrade to send all transactions; choose a plan to sync all transactions and load multiple files.</Text>}
      <UsageMeter overview={o} />
      {live && <SubscriptionPanel accountKey={account.accountKey} subscription={live} />}
      <Title order={2} size="h5">
        {live ? 'Change plan' : variant === 'subscribe' ? 'Subscribe' : 'Choose a plan'}
      </Title>
      <PlanTable
        plans={o.plans}
        currentPlanCode={live ? o.planCode : null}
        period={period}
        onPeriod={setPeriod}
        onChoose={choose}
        chooseLabel={(p) => (live ? `Change to ${p.name}` : `Choose ${p.name}`)}
      />
    </Stack>
  );
}
