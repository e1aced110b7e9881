/**
 * Reprocess of a posted settlement (issue 28, decision 0062): what would change, document by document
 * and line by line (account, tax rate, amount, before and after), then the net per account, and only
 * then the question. The confirm carries the preview's token; when the server says the settlement
 * changed since, the dialog says so and shows what would change now.
 */
import { Alert, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { DocumentDiffBody, ReprocessPreview, SettlementActionResult } from '@ledgerport/contract';
import { formatCurrency } from '@ledgerport/core/rules';
import { useState } from 'react';
import { ApiError, errorText } from '../../lib/api-client';
import { runSettlementAction } from '../settlements/settlements-api';

type Side = NonNullable<DocumentDiffBody['lines'][number]['before']>;

/** A signed amount (debit positive) as a bookkeeper reads it: "Debit $49.99", "Credit $49.99". */
export function DebitCredit({ amount, currency }: { amount: string; currency: string }) {
  const isCredit = amount.startsWith('-');
  const value = formatCurrency(isCredit ? amount.slice(1) : amount, currency);
  if (/^-?0(\.0+)?$/.test(amount)) return <span className="money-text">{value}</span>;
  return <span className="money-text">{`${isCredit ? 'Credit' : 'Debit'} ${value}`}</span>;
}

function SideCells({ side, currency }: { side: Side | null; currency: string }) {
  if (!side) return <Table.Td colSpan={3}>Not posted</Table.Td>;
  return (
    <>
      <Table.Td>
        {side.accountCode} · {side.accountName}
        {side.tracking && (
          <Text span size="xs" c="dimmed">
            {' '}
            ({side.tracking})
          </Text>
        )}
      </Table.Td>
      <Table.Td>{side.taxRateCode}</Table.Td>
      <Table.Td ta="right">
        <DebitCredit amount={side.amount} currency={currency} />
      </Table.Td>
    </>
  );
}

function documentTitle(d: DocumentDiffBody): string {
  if (d.before && d.after) return d.before.number === d.after.number ? `Document ${d.after.number}, dated ${d.after.date}` : `Document ${d.before.number}, replaced by ${d.after.number} dated ${d.after.date}`;
  if (d.before) return `Document ${d.before.number}: reversed, nothing replaces it`;
  return `Document ${d.after!.number}, dated ${d.after!.date}: new`;
}

export function DocumentChanges({ document: d }: { document: DocumentDiffBody }) {
  const currency = (d.after ?? d.before)!.currency;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {documentTitle(d)}
      </Title>
      {d.before && d.after && d.before.date !== d.after.date && <Text size="sm">Its date changes from {d.before.date} to {d.after.date}.</Text>}
      {d.lines.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={`Lines that change in ${(d.after ?? d.before)!.number}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2}>Line</Table.Th>
                <Table.Th colSpan={3}>Before</Table.Th>
                <Table.Th colSpan={3}>After</Table.Th>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Tax rate</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Account</Table.Th>
                <Table.Th>Tax rate</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((l, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{l.description}</Table.Td>
                  <SideCells side={l.before} currency={currency} />
                  <SideCells side={l.after} currency={currency} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function AccountNets({ preview }: { preview: Pick<ReprocessPreview, 'accountNets'> }) {
  return (
    <Table aria-label="Net per account">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          <Table.Th ta="right">Net before</Table.Th>
          <Table.Th ta="right">Net after</Table.Th>
          <Table.Th ta="right">Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.accountNets.map((n) => (
          <Table.Tr key={`${n.currency} ${n.accountCode}`}>
            <Table.Td>
              {n.accountCode} · {n.accountName}
            </Table.Td>
            <Table.Td ta="right">
              <DebitCredit amount={n.before} currency={n.currency} />
            </Table.Td>
            <Table.Td ta="right">
              <DebitCredit amount={n.after} currency={n.currency} />
            </Table.Td>
            <Table.Td ta="right">{/^-?0(\.0+)?$/.test(n.change) ? 'No change' : <DebitCredit amount={n.change} currency={n.currency} />}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ReprocessDialog({ settlementKey, preview, onPreview, onDone }: { settlementKey: string; preview: ReprocessPreview | null; onPreview: (p: ReprocessPreview | null) => void; onDone: (r: SettlementActionResult) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onPreview(null);
  };
  async function confirm(shown: ReprocessPreview) {
    setBusy(true);
    setError(null);
    try {
      const r = await runSettlementAction('reprocess', settlementKey, shown.previewToken);
      onPreview(null);
      onDone(r);
    } catch (e) {
      setError(errorText(e));
      // Changed since it was shown: show what would change now, for a fresh decision.
      if (e instanceof ApiError && e.code === 'settlement.reprocess-stale') {
        const again = await runSettlementAction('reprocess', settlementKey).catch(() => null);
        onPreview(again?.preview?.hasChanges ? again.preview : null);
        if (again && !again.preview?.hasChanges) onDone(again);
      }
    } finally {
      setBusy(false);
    }
  }
  const moved = preview?.moved.map((m) => formatCurrency(m.amount, m.currency)).join(' and ');
  return (
    <Modal opened={preview !== null} onClose={close} title="Reprocess this posted settlement?" size="80rem">
      {preview && (
        <Stack>
          {error && (
            <Alert color="orange" role="alert">
              {error}
            </Alert>
          )}
          <Text size="sm">
            What was posted no longer matches what would be posted now. Reprocessing reverses {preview.reverseCount} posted document{preview.reverseCount === 1 ? '' : 's'} and posts {preview.postCount} in{' '}
            {preview.reverseCount === 1 ? 'its' : 'their'} place{moved ? `; ${moved} moves between accounts` : ''}. Nothing changes until you confirm.
          </Text>
          <Stack gap="md" aria-label="What would change" role="region">
            {preview.documents.map((d) => (
              <DocumentChanges key={d.partIndex} document={d} />
            ))}
          </Stack>
          <Title order={3} size="h6">
            Net per account
          </Title>
          <AccountNets preview={preview} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep as posted
            </Button>
            <Button loading={busy} onClick={() => void confirm(preview)}>
              Reverse and replace
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
