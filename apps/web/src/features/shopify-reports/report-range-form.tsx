/** The date range of a Shopify report: two dates, Show report, and presets for the usual periods. */
import { useState } from 'react';
import { Button, Card, Group, TextInput } from '@mantine/core';

export interface ReportRange {
  start: string;
  end: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function presetRange(kind: 'quarter' | 'year' | 'twelve' | 'all'): ReportRange {
  const today = new Date();
  if (kind === 'all') return { start: `${today.getUTCFullYear() - 9}-01-01`, end: isoDay(today) };
  if (kind === 'year') return { start: `${today.getUTCFullYear()}-01-01`, end: isoDay(today) };
  const months = kind === 'quarter' ? 3 : 12;
  return { start: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months + 1, 1))), end: isoDay(today) };
}

export function ReportRangeForm({ range, onChange, children }: { range: ReportRange; onChange: (next: ReportRange) => void; children?: React.ReactNode }) {
  const [draft, setDraft] = useState(range);
  const choose = (next: ReportRange) => (setDraft(next), onChange(next));
  return (
    <Card withBorder component="form" aria-label="Report period" onSubmit={(e) => (e.preventDefault(), onChange(draft))}>
      <Group align="flex-end">
        <TextInput type="date" label="From date" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })} />
        <TextInput type="date" label="To date" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })} />
        <Button type="submit">Show report</Button>
        <Button variant="default" onClick={() => choose(presetRange('twelve'))}>
          Last 12 months
        </Button>
        <Button variant="default" onClick={() => choose(presetRange('year'))}>
          This year
        </Button>
        <Button variant="default" onClick={() => choose(presetRange('all'))}>
          Last 10 years
        </Button>
        {children}
      </Group>
    </Card>
  );
}
