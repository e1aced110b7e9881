/**
 * The built-in ledger of a MANUAL account: the trial balance, the latest journals and downloads of
 * what was posted in every export format (hledger, Beancount, CSV, IIF, QBO, Xero, Sage, JSON).
 */
import { detailPath } from '../settlements/settlement-path';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ledgerExportFormats, type Journal, type ResponseOf, type getTrialBalance, type listJournals } from '@ledgerport/contract';
import { parseDecimalUnits } from '@ledgerport/core/money';
import { countOf } from '@ledgerport/core/rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { downloadFile } from '../../ui/download-file';
import { MoneyText } from '../../ui/money-text';

type TrialBalance = ResponseOf<typeof getTrialBalance>;
type TrialRow = TrialBalance['rows'][number];
type JournalPage = ResponseOf<typeof listJournals>;

export const FORMAT_LABELS: Record<(typeof ledgerExportFormats)[number], string> = {
  csv: 'General journal CSV',
  iif: 'QuickBooks Desktop IIF',
  'qbo-csv': 'QuickBooks Online CSV',
  'xero-journal-csv': 'Xero manual journal CSV',
  'xero-invoice-csv': 'Xero invoice CSV',
  'sage-csv': 'Sage CSV',
  hledger: 'hledger journal',
  beancount: 'Beancount',
  json: 'JSON',
};

const units = (a: string) => parseDecimalUnits(a, '.') ?? 0n;

const trialColumns: Array<DataColumn<TrialRow>> = [
  { id: 'account', header: 'Account', sortValue: (r) => r.accountCode, cell: (r) => `${r.accountCode} · ${r.accountName}` },
  { id: 'currency', header: 'Currency', sortValue: (r) => r.currency, cell: (r) => r.currency },
  { id: 'debits', header: 'Debits', align: 'right', sortValue: (r) => units(r.debits), cell: (r) => <MoneyText amount={r.debits} currency={r.currency} /> },
  { id: 'credits', header: 'Credits', align: 'right', sortValue: (r) => units(r.credits), cell: (r) => <MoneyText amount={r.credits} currency={r.currency} /> },
  { id: 'balance', header: 'Balance', align: 'right', sortValue: (r) => units(r.balance), cell: (r) => <MoneyText amount={r.balance} currency={r.currency} /> },
];

const journalColumns: Array<DataColumn<Journal>> = [
  { id: 'date', header: 'Date', cell: (j) => <DateText value={j.date} /> },
  { id: 'number', header: 'Number', cell: (j) => j.number },
  {
    id: 'description',
    header: 'Description',
    cell: (j) => (
      <>
        {j.description}
        {j.reversesId ? ' (reversal)' : ''}
        {j.reversedById ? ' (reversed)' : ''}
      </>
    ),
  },
  { id: 'settlement', header: 'Settlement', cell: (j) => (j.settlementKey ? <Link to={detailPath(j.settlementKey)}>Open</Link> : '--') },
  { id: 'lines', header: 'Lines', align: 'right', cell: (j) => j.lines.length },
];

export function LedgerPage() {
  const { account } = useSession();
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 10 });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const enabled = account.accountingSystem === 'MANUAL';
  const trial = useQuery({ queryKey: ['trial-balance', account.accountKey], queryFn: () => api.get<TrialBalance>('/ledger/trial-balance', { accountKey: account.accountKey }), enabled });
  const journals = useQuery({
    queryKey: ['journals', account.accountKey, page],
    queryFn: () => api.get<JournalPage>('/ledger/journals', { accountKey: account.accountKey, page: page.pageIndex, size: page.pageSize }),
    enabled,
  });
  if (!enabled) {
    return (
      <Alert color="blue" title="This account posts to another accounting system">
        The built-in ledger keeps the postings of accounts whose accounting system is Manual. This account posts to {account.accountingSystem}.
      </Alert>
    );
  }
  const loadError = trial.error ?? journals.error;
  const journalTotal = journals.data?.pagination.totalRows ?? null;
  return (
    <Stack>
      {(error || loadError) && (
        <Alert color="red" role="alert">
          {error ?? (loadError instanceof ApiError ? loadError.message : 'Something went wrong. Please try again later.')}
        </Alert>
      )}
      <Card withBorder component="section" aria-label="Downloads">
        <Title order={2} size="h5" mb="xs">
          Download what was posted
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {ledgerExportFormats.map((format) => (
            <Button
              key={format}
              variant="default"
              leftSection={<IconDownload size={14} />}
              loading={busy === format}
              justify="flex-start"
              onClick={() => void (async () => {
                setBusy(format);
                setError(null);
                try {
                  const first = await downloadFile('/ledger/export', { accountKey: account.accountKey, format }, `ledger-${format}.txt`);
                  // Formats that split into several files (one per currency or kind) come part by part.
                  const parts = Number(first.headers.get('x-export-parts') ?? '1');
                  for (let part = 2; part <= parts; part++) await downloadFile('/ledger/export', { accountKey: account.accountKey, format, part }, `ledger-${format}-${part}.txt`);
                } catch (e) {
                  setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
                } finally {
                  setBusy(null);
                }
              })()}
            >
              {FORMAT_LABELS[format]}
            </Button>
          ))}
        </SimpleGrid>
      </Card>
      <section aria-label="Trial balance">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Trial balance
          </Title>
          <Text size="sm" c="dimmed">
            {trial.data ? countOf(trial.data.journalCount, 'journal') : ''}
          </Text>
        </Group>
        <DataTable label="Trial balance" columns={trialColumns} rows={trial.data?.rows ?? []} getRowId={(r) => `${r.accountCode}-${r.currency}`} isLoading={trial.isPending} emptyText="Nothing posted yet: send a settlement to fill the ledger." initialSort={{ id: 'account', desc: false }} />
      </section>
      <section aria-label="Journals">
        <Title order={2} size="h4" mb="xs">
          Journals
        </Title>
        <DataTable
          label="Journals"
          columns={journalColumns}
          rows={journals.data?.journals ?? []}
          getRowId={(j) => j.journalId}
          isLoading={journals.isPending}
          emptyText="No journal yet."
          paging={{ ...page, totalRows: journalTotal, hasMore: journalTotal !== null && (page.pageIndex + 1) * page.pageSize < journalTotal, onChange: setPage }}
        />
      </section>
    </Stack>
  );
}
