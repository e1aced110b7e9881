/**
 * Account Settings: the owner downloads the account's whole data as one archive (issue 31): settlements
 * with their lines, documents and postings, the ledger, mappings, settings, the history and the kept
 * uploaded files. Only an owner (the entry's effect is manage) sees the card; the server refuses
 * anyone else.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { exportAccountArchive } from '@ledgerport/contract';
import { ApiError } from '../../lib/api-client';
import { useMayCall, useSession } from '../../lib/session-context';
import { downloadFile } from '../../ui/download-file';

/** A large account's archive takes a while to write: the download may run ten minutes. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

export function ExportAccountDataCard() {
  const { account } = useSession();
  const isOwner = useMayCall(exportAccountArchive);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!isOwner) return null;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile('/account/export', { accountKey: account.accountKey }, `ledgerport-${account.accountKey}.tar.gz`, EXPORT_TIMEOUT_MS);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The download did not finish. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder aria-label="Export account data">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Download this account&apos;s data
        </Title>
        <Text size="sm">
          One archive (.tar.gz) with every settlement and its lines, the documents and postings, the built-in ledger, mappings, settings, the history and the uploaded files still kept.
          Another Ledgerport can import it as a new account. Connections are not in it: connect them again there.
        </Text>
        {error && (
          <Alert color="red" title="The archive was not downloaded">
            {error}
          </Alert>
        )}
        <Group>
          <Button variant="outline" loading={isBusy} onClick={() => void download()}>
            Download account data
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
