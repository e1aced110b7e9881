/**
 * /account/{accountKey}/utilities: support actions on one account (decision 0047). Each runs an
 * existing service, is confirmed first, and is recorded in the account's history with the staff
 * member's name: queue again uploads whose job is gone, resume a send left QUEUED or SENDING with no
 * job (same idempotency key, so nothing posts twice), recompute the mapping state and status.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountUtility, StuckWork } from '@ledgerport/contract';
import { ApiError } from '../../../lib/api-client';
import type { Account } from '../../../lib/api-types';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { TimestampText } from '../../../ui/date-text';
import { LazyModal } from '../../../ui/lazy-modal';
import { AccountAreaFrame } from './account-area-frame';
import { fetchStuckWork, runUtility } from './account-area-api';
import { ErrorAlert } from '../../../ui/error-alert';
import { ConfirmActions } from '../../../ui/confirm-actions';

interface Pending {
  utility: AccountUtility;
  settlementKey?: string;
  title: string;
  text: string;
}

const jobBadge = (hasJob: boolean) => (
  <Badge variant="light" color={hasJob ? 'blue' : 'red'} tt="none">
    {hasJob ? 'Job queued or running' : 'No job: stuck'}
  </Badge>
);

const importColumns: Array<DataColumn<StuckWork['imports'][number]>> = [
  { id: 'fileName', header: 'File', sortValue: (f) => f.fileName, cell: (f) => f.fileName },
  { id: 'status', header: 'Status', sortValue: (f) => f.status, cell: (f) => f.status },
  { id: 'attempts', header: 'Attempts', align: 'right', sortValue: (f) => f.attempts, cell: (f) => f.attempts },
  { id: 'updatedAt', header: 'Last change', sortValue: (f) => f.updatedAt, cell: (f) => <TimestampText value={f.updatedAt} /> },
  { id: 'job', header: 'Job', sortValue: (f) => (f.hasJob ? 1 : 0), cell: (f) => jobBadge(f.hasJob) },
];

function AccountUtilities({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ isError: boolean; text: string } | null>(null);
  const stuck = useQuery({ queryKey: ['backend', 'stuck-work', account.accountKey], queryFn: () => fetchStuckWork(account.accountKey) });
  const run = useMutation({
    mutationFn: (p: Pending) => runUtility(account.accountKey, p.utility, p.settlementKey),
    onSuccess: async (r) => {
      setOutcome({ isError: false, text: r.message });
      await queryClient.invalidateQueries({ queryKey: ['backend', 'stuck-work', account.accountKey] });
    },
    onError: (e) => setOutcome({ isError: true, text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.' }),
    onSettled: () => setPending(null),
  });
  const sendColumns: Array<DataColumn<StuckWork['sends'][number]>> = [
    { id: 'settlementId', header: 'Settlement', sortValue: (s) => s.settlementId, cell: (s) => s.settlementId },
    { id: 'sendState', header: 'Send state', sortValue: (s) => s.sendState, cell: (s) => s.sendState },
    { id: 'updatedAt', header: 'Last change', sortValue: (s) => s.updatedAt, cell: (s) => <TimestampText value={s.updatedAt} /> },
    { id: 'job', header: 'Job', sortValue: (s) => (s.hasJob ? 1 : 0), cell: (s) => jobBadge(s.hasJob) },
    {
      id: 'action',
      header: 'Action',
      cell: (s) => (
        <Button
          size="compact-xs"
          variant="default"
          disabled={s.hasJob}
          aria-label={`Resume the send of ${s.settlementId}`}
          onClick={() =>
            setPending({
              utility: 'resume-stuck-send',
              settlementKey: s.settlementKey,
              title: `Resume the send of settlement ${s.settlementId}?`,
              text: 'The send is queued again with the idempotency key stored before its first call, so the accounting system recognises a document it already received and nothing is posted twice.',
            })
          }
        >
          Resume send
        </Button>
      ),
    },
  ];
  const data = stuck.data;
  return (
    <Stack maw={1100}>
      <Text size="sm" c="dimmed">
        Every action here asks for confirmation and is recorded in the account&apos;s Settings &gt; History with your name.
      </Text>
      {outcome && (
        <Alert color={outcome.isError ? 'red' : 'green'} role={outcome.isError ? 'alert' : 'status'} title={outcome.isError ? 'The utility did not run' : 'Done'} withCloseButton onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
      <ErrorAlert error={stuck.error} title="Could not load the account's unfinished work" />
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            Unfinished uploads
          </Title>
          <Button
            size="xs"
            disabled={!data?.imports.some((f) => !f.hasJob)}
            onClick={() =>
              setPending({
                utility: 'requeue-stuck-imports',
                title: 'Queue the stuck uploads again?',
                text: "Each upload without a job is read again from the start, or failed with a message when its file is gone or it had three attempts. Nothing is stored twice: a file's settlements appear once or not at all.",
              })
            }
          >
            Queue stuck uploads again
          </Button>
        </Group>
        <DataTable label="Unfinished uploads" columns={importColumns} rows={data?.imports ?? []} getRowId={(f) => `${f.importId}:${f.fileIndex}`} isLoading={stuck.isPending} emptyText="No upload of this account is unfinished." />
      </Card>
      <Card withBorder padding="lg">
        <Title order={3} size="h5" mb="xs">
          Sends in progress
        </Title>
        <DataTable label="Sends in progress" columns={sendColumns} rows={data?.sends ?? []} getRowId={(s) => s.settlementKey} isLoading={stuck.isPending} emptyText="No settlement of this account is queued or being sent." />
      </Card>
      <Card withBorder padding="lg">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={3} size="h5">
              Mapping state and status
            </Title>
            <Text size="sm" c="dimmed">
              Recompute which settlements have unmapped types, and the account&apos;s status summary (partner dashboard, backend lists).
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              setPending({
                utility: 'refresh-mapping-state',
                title: 'Recompute the mapping state?',
                text: "The unmapped-type marks of the account's settlements and its status summary are computed again from its current mappings. Nothing is posted.",
              })
            }
          >
            Recompute
          </Button>
        </Group>
      </Card>
      <LazyModal opened={pending !== null} onClose={() => setPending(null)} title={pending?.title ?? ''} centered>
        <Stack>
          <Text size="sm">{pending?.text}</Text>
          <ConfirmActions confirmLabel="Run it" loading={run.isPending} onCancel={() => setPending(null)} onConfirm={() => pending && run.mutate(pending)} />
        </Stack>
      </LazyModal>
    </Stack>
  );
}

export function AccountUtilitiesPage() {
  return <AccountAreaFrame>{(account) => <AccountUtilities account={account} />}</AccountAreaFrame>;
}
