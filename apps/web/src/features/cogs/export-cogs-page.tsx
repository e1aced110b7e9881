/**
 * /export-cogs: download the COGS journals of the settlements ending in a date range (at most 92
 * days) in any export format of the built-in ledger (hledger, Beancount, CSV, IIF, QBO, Xero, Sage).
 * Settlements with missing costs or never refreshed are left out and counted.
 */
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ledgerExportFormats } from '@ledgerport/contract';
import { useSession } from '../../lib/session-context';
import { useLatestSettlementDay } from '../settlements/latest-settlement-day';
import { DateRangePicker, type DateRange } from '../../ui/date-range-picker';
import { useFileDownload } from '../../ui/use-file-download';

const FORMAT_LABELS: Record<string, string> = {
  csv: 'General journal (CSV)',
  iif: 'QuickBooks Desktop (IIF)',
  'qbo-csv': 'QuickBooks Online journal (CSV)',
  'xero-journal-csv': 'Xero manual journal (CSV)',
  'xero-invoice-csv': 'Xero invoice (CSV)',
  'sage-csv': 'Sage journal (CSV)',
  hledger: 'hledger journal',
  beancount: 'Beancount',
  json: 'JSON',
};

export function ExportCogsPage() {
  const { account } = useSession();
  const latestDay = useLatestSettlementDay(account.accountKey);
  const [range, setRange] = useState<DateRange>({});
  const [format, setFormat] = useState<string>('hledger');
  const [note, setNote] = useState<string | null>(null);
  const { download: saveFile, error, isBusy: busy } = useFileDownload();
  async function download() {
    setNote(null);
    const file = await saveFile('/export-cogs/download', { accountKey: account.accountKey, start: range.start, end: range.end, format }, `cogs.${format}`);
    if (!file) return;
    const skipped = Number.parseInt(file.headers.get('x-cogs-skipped') ?? '0', 10);
    setNote(`Downloaded ${file.name}.${skipped > 0 ? ` ${skipped} settlement${skipped === 1 ? ' was' : 's were'} left out: refresh their COGS and fill in their missing costs first.` : ''}`);
  }
  return (
    <Stack maw={560}>
      <Text c="dimmed" size="sm">
        The cost of goods sold journals of {account.accountName}&apos;s settlements that end in the range:
        posted journals as posted, the others as last refreshed.
      </Text>
      <DateRangePicker label="Settlements ending between" value={range} onChange={setRange} defaultDate={latestDay} />
      <NativeSelect
        label="Format"
        value={format}
        onChange={(e) => setFormat(e.currentTarget.value)}
        data={ledgerExportFormats.map((f) => ({ value: f, label: FORMAT_LABELS[f] ?? f }))}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {note && <Alert color="blue">{note}</Alert>}
      <Group justify="flex-end">
        <Button loading={busy} disabled={!range.start || !range.end} onClick={() => void download()}>
          Download COGS
        </Button>
      </Group>
    </Stack>
  );
}
