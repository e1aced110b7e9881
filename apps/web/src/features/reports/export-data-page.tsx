/**
 * Reports > Export Data (beta, /app/reports/export-data): choose a report (the summary by type and
 * month, the settlements list, or every raw settlement line), a date range of settlement end days and
 * CSV or XLSX; the server streams the file (GET /reports/export-data) and the page shows how much has
 * arrived, in rows for CSV against the rows the server announced.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Progress, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { EXPORT_DATA_DAYS_MAX } from '@ledgerport/contract';
import { useSession } from '../../lib/session-context';
import { streamDownload, type DownloadProgress } from './stream-download';

type Report = 'summary' | 'settlements' | 'lines';
const REPORTS: { value: Report; label: string }[] = [
  { value: 'summary', label: 'Summary by transaction type and month' },
  { value: 'settlements', label: 'Settlements list' },
  { value: 'lines', label: 'Raw settlement lines' },
];

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
function lastMonth(): { start: string; end: string } {
  const today = new Date();
  return { start: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))), end: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0))) };
}

function ProgressLine({ progress }: { progress: DownloadProgress }) {
  const mb = (progress.bytes / 2 ** 20).toFixed(1);
  if (progress.rows === null || progress.expectedRows === null || progress.expectedRows === 0) {
    return <Text size="sm" role="status">{`${mb} MB received`}</Text>;
  }
  const share = Math.min(100, (progress.rows / progress.expectedRows) * 100);
  return (
    <Stack gap={4}>
      <Progress value={share} aria-label="Export progress" />
      <Text size="sm" role="status">{`${progress.rows.toLocaleString('en-US')} of ${progress.expectedRows.toLocaleString('en-US')} rows (${mb} MB)`}</Text>
    </Stack>
  );
}

export function ExportDataPage() {
  const { account } = useSession();
  const [report, setReport] = useState<Report>('summary');
  const [range, setRange] = useState(lastMonth);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'running' } | { kind: 'done'; name: string } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const start = async () => {
    setState({ kind: 'running' });
    setProgress({ bytes: 0, rows: null, expectedRows: null });
    try {
      const name = await streamDownload('/reports/export-data', { accountKey: account.accountKey, report, start: range.start, end: range.end, format }, `${report}.${format}`, setProgress);
      setState({ kind: 'done', name });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Stack maw={720}>
      <Group gap="xs">
        <Badge color="violet" variant="light">
          Beta
        </Badge>
        <Text size="sm" c="dimmed">
          Exports settlements by the day they end, in the account's time zone. Raw lines cover at most {EXPORT_DATA_DAYS_MAX} days; the others up to ten years.
        </Text>
      </Group>
      <Card withBorder component="form" aria-label="Export data" onSubmit={(e) => (e.preventDefault(), void start())}>
        <Stack>
          <Select label="Report" data={REPORTS} value={report} onChange={(v) => { const found = REPORTS.find((r) => r.value === v); if (found) setReport(found.value); }} allowDeselect={false} />
          <Group grow>
            <TextInput type="date" label="From date" value={range.start} onChange={(e) => setRange({ ...range, start: e.currentTarget.value })} required />
            <TextInput type="date" label="To date" value={range.end} onChange={(e) => setRange({ ...range, end: e.currentTarget.value })} required />
          </Group>
          <Radio.Group label="Format" value={format} onChange={(v) => setFormat(v === 'xlsx' ? 'xlsx' : 'csv')}>
            <Group mt={4}>
              <Radio value="csv" label="CSV" />
              <Radio value="xlsx" label="Excel (XLSX)" />
            </Group>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={state.kind === 'running'}>
              Download
            </Button>
          </Group>
          {state.kind === 'running' && progress && <ProgressLine progress={progress} />}
          {state.kind === 'done' && (
            <Alert color="green" title="Export downloaded">
              {state.name}
              {progress?.rows !== null && progress?.rows !== undefined ? ` (${progress.rows.toLocaleString('en-US')} rows)` : ''}
            </Alert>
          )}
          {state.kind === 'failed' && (
            <Alert color="red" role="alert" title="Could not export">
              {state.message}
            </Alert>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
