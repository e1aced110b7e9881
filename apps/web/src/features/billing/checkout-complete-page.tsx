/** After Stripe's page (/billing/checkout/complete?session_id=…): waits for the webhook that starts the subscription, then says so. */
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { BillingSubscriptionBody } from '@ledgerport/contract';
import { api, ApiError } from '../../lib/api-client';
import { useIsBillingEnabled } from '../../lib/session-context';
import { DateText } from '../../ui/date-text';
import { BillingOffNotice } from './billing-off-notice';

interface SessionOutcome {
  sessionId: string;
  accountKey: string;
  planCode: string;
  status: 'open' | 'complete' | 'expired';
  subscription: BillingSubscriptionBody | null;
}

export function CheckoutCompletePage() {
  return useIsBillingEnabled() ? <CheckoutOutcome /> : <BillingOffNotice />;
}

function CheckoutOutcome() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const query = useQuery({
    queryKey: ['billing-session', sessionId],
    queryFn: () => api.get<SessionOutcome>('/billing/checkout/session', { sessionId }),
    enabled: sessionId !== '',
    refetchInterval: (q) => (q.state.data?.status === 'complete' && q.state.data.subscription ? false : 1000),
  });
  if (!sessionId) return <Alert color="orange">This page opens after paying on Stripe&apos;s page; choose a plan under Billing first.</Alert>;
  if (query.error) return <Alert color="red">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  const s = query.data;
  if (!s || s.status !== 'complete' || !s.subscription) {
    return (
      <Stack align="start">
        <Loader aria-label="Waiting for Stripe" />
        <Text>Waiting for Stripe to confirm the payment…</Text>
      </Stack>
    );
  }
  return (
    <Alert color="green" title={`Your ${s.subscription.planName} plan is active`}>
      <Stack gap={4}>
        <Text size="sm">
          Account {s.accountKey} now sends all transactions.{' '}
          {s.subscription.currentPeriodEnd && (
            <>
              It renews on <DateText value={s.subscription.currentPeriodEnd.slice(0, 10)} />.
            </>
          )}
        </Text>
        <Anchor component={Link} to="/settlements">
          Go to settlements
        </Anchor>
      </Stack>
    </Alert>
  );
}
