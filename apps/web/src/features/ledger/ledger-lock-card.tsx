/**
 * Settings > Built-in ledger, its lock date (decision 0061): the day through which the built-in
 * ledger's books are closed. A document dated on or before it is held or moved to the next day, as
 * Settings > Sales Grouping and Tracking says; the server decides and records the change.
 */
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getBuiltInLedgerLock, saveBuiltInLedgerLock, type BuiltInLedgerLock } from '@ledgerport/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { callEndpoint } from '../../lib/call-endpoint';
import { useMayCall, useSession } from '../../lib/session-context';
import { showToast } from '../../lib/toast';

const lockKey = (accountKey: string) => ['built-in-ledger-lock', accountKey];

function LockForm({ lock, canChange }: { lock: BuiltInLedgerLock; canChange: boolean }) {
  const { account } = useSession();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(lock.closedThrough ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const save = async (closedThrough: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await callEndpoint(saveBuiltInLedgerLock, { query: { accountKey: account.accountKey }, body: { closedThrough } });
      queryClient.setQueryData(lockKey(account.accountKey), saved);
      setDay(saved.closedThrough ?? '');
      showToast('success', saved.closedThrough ? `The built-in ledger is closed through ${saved.closedThrough}.` : 'The built-in ledger has no closed period now.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save(day === '' ? null : day);
  };
  return (
    <form onSubmit={onSubmit} aria-label="Lock date">
      <Stack gap="xs">
        <Group align="flex-end">
          <TextInput type="date" label="Closed through" value={day} onChange={(e) => setDay(e.currentTarget.value)} error={error} disabled={!canChange} />
          <Button type="submit" loading={isBusy} disabled={!canChange || day === (lock.closedThrough ?? '')}>
            Save lock date
          </Button>
          {lock.closedThrough && (
            <Button variant="subtle" disabled={!canChange || isBusy} onClick={() => void save(null)}>
              Open the books
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {lock.closedThrough
            ? `Closed through ${lock.closedThrough}${lock.updatedAt ? `, set ${lock.updatedAt.slice(0, 16).replace('T', ' ')} UTC${lock.updatedBy ? ` by ${lock.updatedBy}` : ''}` : ''}.`
            : 'No closed period: documents of any date post.'}
        </Text>
      </Stack>
    </form>
  );
}

export function LedgerLockCard() {
  const { account } = useSession();
  const canChange = useMayCall(saveBuiltInLedgerLock);
  const query = useQuery({ queryKey: lockKey(account.accountKey), queryFn: () => callEndpoint(getBuiltInLedgerLock, { query: { accountKey: account.accountKey } }) });
  return (
    <Card withBorder>
      <Title order={2} size="h4">
        Lock date
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Close the books through a day: nothing is posted on or before it. A settlement with a document dated in the closed period is held or moved to the next day, as{' '}
        <Link to="/account-settings/invoices">Sales Grouping and Tracking</Link> says.
      </Text>
      {query.isPending && <Loader size="sm" aria-label="Loading the lock date" />}
      {query.isError && (
        <Alert color="red" role="alert" title="Could not load the lock date">
          {query.error.message}
        </Alert>
      )}
      {query.data && <LockForm key={query.data.closedThrough ?? ''} lock={query.data} canChange={canChange} />}
    </Card>
  );
}
