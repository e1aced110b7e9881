/**
 * The period of a report page: two dates, a submit button, and presets for the usual periods. The
 * draft dates change only on submit or on a preset, so typing a date does not fetch the report.
 */
import { useState } from 'react';
import { Button, Card, Group, TextInput } from '@mantine/core';

export interface ReportRange {
  start: string;
  end: string;
}

export type ReportPreset = 'quarter' | 'twelve' | 'year' | 'all';

const PRESET_LABELS: Record<ReportPreset, string> = { quarter: 'Last 3 months', twelve: 'Last 12 months', year: 'This year', all: 'Last 10 years' };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A preset period ending today: the last 3 or 12 months from the first of their first month, this year, or the last 10 years. */
export function presetRange(kind: ReportPreset, today = new Date()): ReportRange {
  if (kind === 'all') return { start: `${today.getUTCFullYear() - 9}-01-01`, end: isoDay(today) };
  if (kind === 'year') return { start: `${today.getUTCFullYear()}-01-01`, end: isoDay(today) };
  const months = kind === 'quarter' ? 3 : 12;
  return { start: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months + 1, 1))), end: isoDay(today) };
}

export interface ReportPeriodFormProps {
  range: ReportRange;
  onChange: (next: ReportRange) => void;
  presets: readonly ReportPreset[];
  /** The form's accessible name; "Report period" unless the page says otherwise. */
  label?: string;
  submitLabel?: string;
  /** Buttons after the presets (the export). */
  children?: React.ReactNode;
}

export function ReportPeriodForm({ range, onChange, presets, label = 'Report period', submitLabel = 'Show report', children }: ReportPeriodFormProps) {
  const [draft, setDraft] = useState(range);
  const choose = (next: ReportRange) => (setDraft(next), onChange(next));
  return (
    <Card withBorder component="form" aria-label={label} onSubmit={(e) => (e.preventDefault(), onChange(draft))}>
      <Group align="flex-end">
        <TextInput type="date" label="From date" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })} />
        <TextInput type="date" label="To date" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })} />
        <Button type="submit">{submitLabel}</Button>
        {presets.map((kind) => (
          <Button key={kind} variant="default" onClick={() => choose(presetRange(kind))}>
            {PRESET_LABELS[kind]}
          </Button>
        ))}
        {children}
      </Group>
    </Card>
  );
}
