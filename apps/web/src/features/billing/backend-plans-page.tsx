/**
 * Backend > Plans (root admins): every plan with its limits and prices; choosing one opens its form,
 * saved as a whole and audited by the server. An empty limit means unlimited. A changed price is
 * sold under a new Stripe price from the next checkout on.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Loader, NumberInput, SegmentedControl, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanEdit } from '@ledgerport/contract';
import { PLAN_FEATURE_NAMES, PLAN_FEATURES } from '@ledgerport/core/billing';
import { api, ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';

type StoredPlan = PlanEdit & { code: string; updatedAt: string };
const KEY = ['backend-plans'];
const limitText = (n: number | null) => (n === null ? 'Unlimited' : String(n));

function PlanForm({ plan, onDone }: { plan: StoredPlan; onDone: () => void }) {
  const [draft, setDraft] = useState<PlanEdit>({ name: plan.name, rank: plan.rank, isActive: plan.isActive, settlementsPerMonth: plan.settlementsPerMonth, channels: plan.channels, historyMonths: plan.historyMonths, features: plan.features, prices: plan.prices });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => api.put(`/backend/billing/plans/${plan.code}`, draft),
    onSuccess: async () => {
      showToast('success', `The ${draft.name} plan was saved.`);
      await queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: (e) => showToast('error', e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.'),
  });
  const limit = (label: string, field: 'settlementsPerMonth' | 'channels' | 'historyMonths') => (
    <NumberInput label={label} description="Empty: unlimited" min={0} allowDecimal={false} value={draft[field] ?? ''} onChange={(v) => setDraft({ ...draft, [field]: v === '' ? null : Number(v) })} />
  );
  return (
    <Card withBorder aria-label={`Edit plan ${plan.code}`}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          Edit {plan.code}
        </Title>
        <TextInput label="Plan name" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
        <Switch label="Offered to new subscribers" checked={draft.isActive} onChange={(e) => setDraft({ ...draft, isActive: e.currentTarget.checked })} />
        <Group grow>
          {limit('Settlements sent per month', 'settlementsPerMonth')}
          {limit('Sales channels', 'channels')}
          {limit('History months', 'historyMonths')}
        </Group>
        <Checkbox.Group label="Features" value={draft.features} onChange={(v) => setDraft({ ...draft, features: v })}>
          <Group mt="xs">
            {PLAN_FEATURES.map((f) => (
              <Checkbox key={f} value={f} label={PLAN_FEATURE_NAMES[f]} />
            ))}
          </Group>
        </Checkbox.Group>
        {draft.prices.map((p, i) => (
          <Group key={p.currency} grow>
            {(['monthly', 'yearly'] as const).map((period) => (
              <TextInput
                key={period}
                label={`${p.currency} ${period} price`}
                value={p[period]}
                onChange={(e) => setDraft({ ...draft, prices: draft.prices.map((x, j) => (j === i ? { ...x, [period]: e.currentTarget.value } : x)) })}
              />
            ))}
          </Group>
        ))}
        <Group>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save plan
          </Button>
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function BackendPlansPage() {
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<{ plans: StoredPlan[] }>('/backend/billing/plans') });
  const [shown, setShown] = useState<'all' | 'active'>('all');
  const [editing, setEditing] = useState<string | null>(null);
  const plans = useMemo(() => (query.data?.plans ?? []).filter((p) => shown === 'all' || p.isActive), [query.data, shown]);
  if (query.isLoading) return <Loader aria-label="Loading plans" />;
  if (query.error) return <Alert color="red">{query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}</Alert>;
  const current = plans.find((p) => p.code === editing);
  return (
    <Stack>
      <SegmentedControl aria-label="Show plans" w={260} value={shown} onChange={(v) => setShown(v === 'active' ? 'active' : 'all')} data={[{ value: 'all', label: 'All plans' }, { value: 'active', label: 'Offered only' }]} />
      <Table aria-label="Plans">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Offered</Table.Th>
            <Table.Th ta="right">Settlements / month</Table.Th>
            <Table.Th ta="right">Channels</Table.Th>
            <Table.Th ta="right">History months</Table.Th>
            <Table.Th>Prices</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((p) => (
            <Table.Tr key={p.code}>
              <Table.Td>{p.code}</Table.Td>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td>{p.isActive ? 'Yes' : 'No'}</Table.Td>
              <Table.Td ta="right">{limitText(p.settlementsPerMonth)}</Table.Td>
              <Table.Td ta="right">{limitText(p.channels)}</Table.Td>
              <Table.Td ta="right">{limitText(p.historyMonths)}</Table.Td>
              <Table.Td>{p.prices.map((x) => `${x.currency} ${x.monthly}/${x.yearly}`).join(' · ')}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => setEditing(p.code)} aria-label={`Edit ${p.code}`}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {current && <PlanForm key={current.code} plan={current} onDone={() => setEditing(null)} />}
    </Stack>
  );
}
