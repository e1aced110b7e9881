/**
 * Export an account's settlements for a date range (spec section 7 spanner/settlements/export):
 * summary or transactions report, CSV or XLSX, optional tax rates/countries and marketplace, at
 * most 92 days (the date picker's rules).
 */
import { Alert, Button, Checkbox, Group, SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { DateRangePicker, type DateRange } from '../../ui/date-range-picker';
import { useFileDownload } from '../../ui/use-file-download';
import { useLatestSettlementDay } from './latest-settlement-day';

export function ExportSettlementsForm({ accountKey, initialRange, onDone }: { accountKey: string; initialRange: DateRange; onDone?: () => void }) {
  const [range, setRange] = useState<DateRange>(initialRange);
  const latestDay = useLatestSettlementDay(accountKey);
  const [report, setReport] = useState<'summary' | 'transactions'>('summary');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [withTax, setWithTax] = useState(false);
  const [withMarketplace, setWithMarketplace] = useState(true);
  const { download: saveFile, error, isBusy: busy } = useFileDownload();

  async function download() {
    const file = await saveFile(
      '/spanner/settlements/export',
      { accountKey, start: range.start, end: range.end, report, format, includeTaxRatesAndCountries: String(withTax), includeMarketplace: String(withMarketplace) },
      `settlements.${format}`,
    );
    if (file) onDone?.();
  }

  return (
    <Stack maw={560}>
      <DateRangePicker label="Settlements starting between" value={range} onChange={setRange} defaultDate={latestDay} />
      <SegmentedControl
        aria-label="Report"
        value={report}
        onChange={setReport}
        data={[
          { value: 'summary', label: 'One row per settlement' },
          { value: 'transactions', label: 'One row per transaction type' },
        ]}
      />
      <SegmentedControl
        aria-label="File format"
        value={format}
        onChange={setFormat}
        data={[
          { value: 'csv', label: 'CSV' },
          { value: 'xlsx', label: 'Excel (XLSX)' },
        ]}
      />
      <Checkbox label="Include tax rates and countries" checked={withTax} onChange={(e) => setWithTax(e.currentTarget.checked)} />
      <Checkbox label="Include marketplace" checked={withMarketplace} onChange={(e) => setWithMarketplace(e.currentTarget.checked)} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button loading={busy} disabled={!range.start || !range.end} onClick={() => void download()}>
          Download
        </Button>
      </Group>
    </Stack>
  );
}
