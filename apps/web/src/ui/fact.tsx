/** A label over its value: the facts of a detail page, and the counted figures of a dashboard. */
import { Card, Stack, Text } from '@mantine/core';

export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** A fact in a small bordered card (the facts grids of the backend's pages). */
export function FactCard({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Fact label={label}>{children}</Fact>
    </Card>
  );
}

/** A dashboard's count, named by its label (role group). */
export function FigureCard({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}
