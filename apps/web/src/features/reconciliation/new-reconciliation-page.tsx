/**
 * /reconciliation-reports/report: choose a bank statement (CSV, OFX or CAMT.053) and the settlements
 * to match (those that ended within a date range) with the window in which the bank books a deposit,
 * or an order list; the upload shows its progress, then the report opens.
 */
import { Alert, Button, Card, FileInput, Group, NumberInput, Progress, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { RECONCILIATION_FILE_BYTES_MAX } from '@ledgerport/contract';
import { parseBankStatement, settlementRangeForStatement, statementDateSpan, type SettlementEndRange } from '@ledgerport/core/reconciliation';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { DateRangePicker, formatDateRange, type DateRange } from '../../ui/date-range-picker';
import { useLatestSettlementDay } from '../settlements/latest-settlement-day';
import { createReconciliationReport, reportPath } from './reconciliation-api';

type Kind = 'deposits' | 'orders';
type Stage = { step: 'idle' } | { step: 'sending'; percent: number } | { step: 'failed'; message: string };
type StatementDays = { date: string }[];

/** The booking days of a statement the browser can read (the server parses it again and says what is wrong if not). */
async function readStatementDays(file: File): Promise<StatementDays | null> {
  if (file.size > RECONCILIATION_FILE_BYTES_MAX) return null;
  const statement = parseBankStatement(new Uint8Array(await file.arrayBuffer()), file.name);
  return statement.problems.length === 0 && statement.transactions.length > 0 ? statement.transactions.map((t) => ({ date: t.date })) : null;
}

export function NewReconciliationPage() {
  const { account } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('deposits');
  const [file, setFile] = useState<File | null>(null);
  // A range the user picked wins; until then the statement's own dates decide it (core's rule).
  const [chosenRange, setRange] = useState<DateRange | null>(null);
  const [statementDays, setStatementDays] = useState<StatementDays | null>(null);
  const [daysAfterMin, setMin] = useState<number>(0);
  const [daysAfterMax, setMax] = useState<number>(5);
  const proposed: SettlementEndRange | null = statementDays && daysAfterMin <= daysAfterMax ? settlementRangeForStatement(statementDays, { daysAfterMin, daysAfterMax }) : null;
  const range: DateRange = chosenRange ?? proposed ?? {};
  const span = statementDays ? statementDateSpan(statementDays) : null;
  const latestDay = useLatestSettlementDay(account.accountKey);
  useEffect(() => {
    let isCurrent = true;
    setRange(null);
    setStatementDays(null);
    if (file && kind === 'deposits') void readStatementDays(file).then((days) => isCurrent && setStatementDays(days), () => undefined);
    return () => {
      isCurrent = false;
    };
  }, [file, kind]);
  const [currency, setCurrency] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const isSending = stage.step === 'sending';
  const missing = !file ? 'Choose a file.' : kind === 'deposits' && !(range.start && range.end) ? 'Choose the dates of the settlements to reconcile.' : daysAfterMin > daysAfterMax ? 'The earliest day must not be after the latest.' : file.size > RECONCILIATION_FILE_BYTES_MAX ? 'This file is larger than 20 MB.' : null;

  async function run() {
    if (!file || missing) return;
    setStage({ step: 'sending', percent: 0 });
    try {
      const report = await createReconciliationReport(
        { accountKey: account.accountKey, kind, start: range.start, end: range.end, daysAfterMin, daysAfterMax, currency: currency.trim() ? currency.trim().toUpperCase() : null },
        file,
        (percent) => setStage({ step: 'sending', percent }),
      );
      await queryClient.invalidateQueries({ queryKey: ['reconciliation-reports'] });
      void navigate(reportPath(report.reconciliationReportId));
    } catch (error) {
      setStage({ step: 'failed', message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again later.' });
    }
  }

  return (
    <Card withBorder maw={720}>
      <Stack>
        <SegmentedControl
          aria-label="What to reconcile"
          value={kind}
          onChange={(v) => setKind(v)}
          data={[
            { value: 'deposits', label: 'Settlements against bank deposits' },
            { value: 'orders', label: 'Orders against settlements' },
          ]}
        />
        <FileInput
          label={kind === 'deposits' ? 'Bank statement' : 'Order list'}
          description={kind === 'deposits' ? 'A CSV, OFX or CAMT.053 file from your bank.' : 'A CSV with an order id column (Name, Order ID) and optionally Total.'}
          placeholder="Choose a file"
          accept={kind === 'deposits' ? '.csv,.txt,.ofx,.qfx,.xml' : '.csv,.txt'}
          leftSection={<IconFileUpload size={16} />}
          value={file}
          onChange={setFile}
          clearable
        />
        {kind === 'deposits' && (
          <>
            <div>
              <DateRangePicker label="Settlements that ended between" value={range} onChange={setRange} defaultDate={span?.end ?? latestDay} />
              {span && chosenRange === null && proposed && (
                <Text size="xs" c="dimmed" mt={4} aria-label="Where the dates come from">
                  From the statement: deposits booked {formatDateRange(span)}, less the days below.
                </Text>
              )}
            </div>
            <Group grow align="flex-start">
              <NumberInput label="Earliest deposit, days after the settlement ended" min={-60} max={60} value={daysAfterMin} onChange={(v) => setMin(typeof v === 'number' ? v : 0)} />
              <NumberInput label="Latest deposit, days after the settlement ended" min={-60} max={60} value={daysAfterMax} onChange={(v) => setMax(typeof v === 'number' ? v : 5)} />
            </Group>
            <TextInput label="Statement currency" description="Only when the file does not say (a CSV without a currency column)." placeholder="e.g. USD" maxLength={3} w={300} value={currency} onChange={(e) => setCurrency(e.currentTarget.value)} />
          </>
        )}
        {stage.step === 'failed' && (
          <Alert color="red" role="alert" title="Nothing was saved">
            {stage.message}
          </Alert>
        )}
        {isSending && (
          <Stack gap={4}>
            <Progress value={stage.percent} aria-label="Upload progress" animated={stage.percent >= 100} />
            <Text size="sm" c="dimmed" role="status">
              {stage.percent < 100 ? `Sending the file… ${stage.percent}%` : 'Matching settlements and deposits…'}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          {missing && file !== null && (
            <Text size="sm" c="dimmed">
              {missing}
            </Text>
          )}
          <Button onClick={() => void run()} loading={isSending} disabled={missing !== null}>
            Reconcile
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
