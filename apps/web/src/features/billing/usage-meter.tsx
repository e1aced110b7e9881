/**
 * The plan-usage meter: settlements sent this month against the plan's limit, files (a trial's three)
 * and channels. A trial sends nothing to an external system (its limit is 0), so it shows its three
 * files first and says what it may send, instead of a red "0 / 0" bar.
 */
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { BillingOverview } from '@ledgerport/contract';

function Meter({ label, used, max }: { label: string; used: number; max: number | null }) {
  const percent = max === null ? 0 : max === 0 ? 100 : Math.min(100, Math.round((used / max) * 100));
  const color = max !== null && used >= max ? 'red' : percent >= 80 ? 'orange' : 'blue';
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={600}>
          {max === null ? `${used} (no limit)` : `${used} / ${max}`}
        </Text>
      </Group>
      <Progress value={max === null ? 100 : percent} color={max === null ? 'gray' : color} aria-label={`${label}: ${used} of ${max === null ? 'no limit' : max}`} />
    </Stack>
  );
}

export function UsageMeter({ overview }: { overview: BillingOverview }) {
  const u = overview.usage;
  return (
    <Card withBorder aria-label="Plan usage">
      <Title order={2} size="h5" mb="sm">
        Used this month
      </Title>
      <Stack gap="sm">
        {u.filesMax !== null && <Meter label="Trial files loaded" used={u.filesUsed} max={u.filesMax} />}
        {overview.isTrial ? (
          <Text size="sm" c="dimmed">
            A trial posts to the built-in ledger and exports files; choose a plan to send settlements to your accounting system.
          </Text>
        ) : (
          <Meter label="Settlements sent this month" used={u.sentThisMonth} max={u.settlementsPerMonth} />
        )}
        <Meter label="Sales channels connected" used={u.channels} max={u.channelsMax} />
      </Stack>
    </Card>
  );
}
