/** The plans on offer side by side: price per period, limits and features, and a button to choose one. */
import { Badge, Button, Card, List, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BillingPlanBody } from '@ledgerport/contract';
import { PLAN_FEATURE_NAMES } from '@ledgerport/core/billing';
import { MoneyText } from '../../ui/money-text';

const limit = (n: number | null, unit: string) => (n === null ? `Unlimited ${unit}` : `${n} ${unit}`);

export function PlanTable(props: {
  plans: BillingPlanBody[];
  currentPlanCode: string | null;
  period: 'monthly' | 'yearly';
  onPeriod: (p: 'monthly' | 'yearly') => void;
  onChoose: (planCode: string) => void;
  chooseLabel: (plan: BillingPlanBody) => string;
}) {
  return (
    <Stack>
      <SegmentedControl
        aria-label="Billing period"
        value={props.period}
        onChange={(v) => props.onPeriod(v === 'yearly' ? 'yearly' : 'monthly')}
        data={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly' },
        ]}
        w={240}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {props.plans
          .filter((p) => p.isActive)
          .map((p) => (
            <Card withBorder key={p.code} aria-label={`${p.name} plan`}>
              <Stack gap="xs">
                <Title order={3} size="h4">
                  {p.name} {p.code === props.currentPlanCode && <Badge color="green">Current plan</Badge>}
                </Title>
                <Text size="xl" fw={700}>
                  <MoneyText amount={props.period === 'monthly' ? p.monthly : p.yearly} currency={p.currency} />
                  <Text span size="sm" c="dimmed">
                    {props.period === 'monthly' ? ' a month' : ' a year'}
                  </Text>
                </Text>
                <List size="sm" spacing={2}>
                  <List.Item>{limit(p.settlementsPerMonth, 'settlements sent a month')}</List.Item>
                  <List.Item>{limit(p.channels, p.channels === 1 ? 'sales channel' : 'sales channels')}</List.Item>
                  <List.Item>{p.historyMonths === null ? 'All history' : `${p.historyMonths} months of history`}</List.Item>
                  {p.features.map((f) => (
                    <List.Item key={f}>{PLAN_FEATURE_NAMES[f]}</List.Item>
                  ))}
                </List>
                <Button onClick={() => props.onChoose(p.code)} disabled={p.code === props.currentPlanCode} aria-label={props.chooseLabel(p)}>
                  {props.chooseLabel(p)}
                </Button>
              </Stack>
            </Card>
          ))}
      </SimpleGrid>
    </Stack>
  );
}
