/**
 * Export an account's settlements for a date range (spec section 7 spanner/settlements/export):
 * summary or transactions report, CSV or XLSX, at most 92 days (the same picker rules).
 */
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { DateRangePicker, type DateRange } from '../../ui/date-range-picker';
import { downloadFile } from '../../ui/download-file';

export function ExportSettlementsButton({ accountKey, range: initialRange, icon }: { accountKey: string; range: DateRange; icon?: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState<DateRange>(initialRange);
  const [report, setReport] = useState<'summary' | 'transactions'>('summary');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [withTax, setWithTax] = useState(false);
  const [withMarketplace, setWithMarketplace] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={icon} onClick={() => (setRange(initialRange), setOpened(true))}>
        Export
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Export settlements">
        <Stack>
          <DateRangePicker label="Settlements starting between" value={range} onChange={setRange} />
          <SegmentedControl aria-label="Report" value={report} onChange={(v) => setReport(v)} data={[{ value: 'summary', label: 'One row per settlement' }, { value: 'transactions', label: 'One row per transaction type' }]} />
          <SegmentedControl aria-label="File format" value={format} onChange={(v) => setFormat(v)} data={[{ value: 'csv', label: 'CSV' }, { value: 'xlsx', label: 'Excel (XLSX)' }]} />
          <Checkbox label="Include tax rates and countries" checked={withTax} onChange={(e) => setWithTax(e.currentTarget.checked)} />
          <Checkbox label="Include marketplace" checked={withMarketplace} onChange={(e) => setWithMarketplace(e.currentTarget.checked)} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              loading={busy}
              disabled={!range.start || !range.end}
              onClick={() => void (async () => {
                setBusy(true);
                setError(null);
                try {
                  await downloadFile(
                    '/spanner/settlements/export',
                    { accountKey, start: range.start, end: range.end, report, format, includeTaxRatesAndCountries: String(withTax), includeMarketplace: String(withMarketplace) },
                    `settlements.${format}`,
                  );
                  setOpened(false);
                } catch (e) {
                  setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
                } finally {
                  setBusy(false);
                }
              })()}
            >
              Download
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
