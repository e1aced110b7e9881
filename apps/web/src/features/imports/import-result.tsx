/**
 * The result page of one upload: each file's progress while it parses (polled), then what was
 * created, which settlements were duplicates (duplicateOf) and the problems per row. A file refused
 * for its problems can be loaded again keeping only its readable settlements.
 */
import { detailPath } from '../settlements/settlement-path';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ImportFile, SettlementImport } from '@ledgerport/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { FileProgressList, type FileProgress } from '../../ui/file-drop-zone';
import { MoneyText } from '../../ui/money-text';
import { fetchImport, uploadedFilesByImport } from './imports-api';
import { uploadSettlementFiles } from './upload-settlement-files';

const STATUS_TEXT: Record<ImportFile['status'], string> = {
  QUEUED: 'Waiting to be read',
  PARSING: 'Reading',
  STORING: 'Saving settlements',
  LOADED: 'Loaded',
  PROBLEMS: 'Not loaded: rows with problems',
  FAILED: 'Could not be read',
};

function progressOf(f: ImportFile): FileProgress {
  const done = f.status === 'LOADED' || f.status === 'PROBLEMS' || f.status === 'FAILED';
  return {
    name: f.fileName,
    sizeBytes: f.sizeBytes,
    percent: done ? 100 : f.progressPercent,
    status: f.message ?? STATUS_TEXT[f.status],
    tone: f.status === 'LOADED' ? 'green' : f.status === 'PROBLEMS' ? 'yellow' : f.status === 'FAILED' ? 'red' : 'blue',
  };
}

const OUTCOME: Record<'created' | 'completed' | 'duplicate', { label: string; color: string }> = {
  created: { label: 'Created', color: 'green' },
  completed: { label: 'Completed', color: 'teal' },
  duplicate: { label: 'Duplicate', color: 'orange' },
};

function FileResult({ file, onLoadReadable, canLoadReadable }: { file: ImportFile; onLoadReadable: () => void; canLoadReadable: boolean }) {
  return (
    <Card withBorder aria-label={`Result of ${file.fileName}`} component="section">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {file.fileName}
        </Title>
        {file.format && <Badge variant="light">{file.format}</Badge>}
      </Group>
      {file.settlements.length > 0 && (
        <Table aria-label={`Settlements of ${file.fileName}`} mb="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Settlement</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Lines</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {file.settlements.map((s) => (
              <Table.Tr key={`${s.settlementKey}-${s.outcome}`}>
                <Table.Td>
                  <Anchor component={Link} to={detailPath(s.duplicateOf ?? s.settlementKey)}>
                    {s.settlementId}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME[s.outcome].color} variant="light">
                    {OUTCOME[s.outcome].label}
                  </Badge>
                  {s.outcome === 'duplicate' && (
                    <Text span size="xs" c="dimmed" ml="xs">
                      already loaded
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <MoneyText amount={s.total} currency={s.currency} />
                </Table.Td>
                <Table.Td ta="right">{s.lineCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {file.problems.length > 0 && (
        <>
          <Text size="sm" fw={500} c="red" mb={4}>
            Problems ({file.problems.length + file.problemsOmitted})
          </Text>
          <Table aria-label={`Problems of ${file.fileName}`} mb="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Column</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {file.problems.map((p, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{p.row}</Table.Td>
                  <Table.Td>{p.column ?? '--'}</Table.Td>
                  <Table.Td>{p.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {file.problemsOmitted > 0 && (
            <Text size="xs" c="dimmed">
              and {file.problemsOmitted} more problems not listed.
            </Text>
          )}
        </>
      )}
      {file.status === 'PROBLEMS' &&
        (canLoadReadable ? (
          <Button variant="light" color="yellow" onClick={onLoadReadable}>
            Load the readable settlements of {file.fileName}
          </Button>
        ) : (
          <Text size="sm">To keep only its readable settlements, upload this file again and tick “load its readable settlements anyway”.</Text>
        ))}
    </Card>
  );
}

export function ImportResult({ importId }: { importId: string }) {
  const { account } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['settlement-import', importId],
    queryFn: () => fetchImport(importId),
    refetchInterval: (q) => (q.state.data?.status === 'DONE' ? false : 500),
  });
  const data: SettlementImport | undefined = query.data;
  if (query.error) {
    return (
      <Alert color="red" role="alert">
        {query.error instanceof ApiError ? query.error.message : 'Something went wrong. Please try again later.'}
      </Alert>
    );
  }
  if (!data) return <Text c="dimmed">Loading the upload…</Text>;
  const all = data.files.flatMap((f) => f.settlements);
  const count = (o: string) => all.filter((s) => s.outcome === o).length;
  const problems = data.files.reduce((n, f) => n + f.problems.length + f.problemsOmitted, 0);
  const kept = uploadedFilesByImport.get(importId);

  async function loadReadable(file: ImportFile) {
    const original = kept?.find((f) => f.name === file.fileName);
    if (!original) return;
    try {
      const again = await uploadSettlementFiles(account.accountKey, [original], true, () => undefined);
      uploadedFilesByImport.set(again.importId, [original]);
      void navigate(`/settlement-import?importId=${encodeURIComponent(again.importId)}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
    }
  }

  return (
    <Stack maw={1000}>
      <FileProgressList files={data.files.map(progressOf)} />
      {data.status === 'DONE' ? (
        <Alert color={problems > 0 ? 'yellow' : 'green'} role="status" title="Upload finished">
          {count('created')} created, {count('completed')} completed, {count('duplicate')} duplicates, {problems} problems.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" role="status">
          Reading the files…
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {data.status === 'DONE' &&
        data.files.map((f) => <FileResult key={f.fileIndex} file={f} canLoadReadable={Boolean(kept?.some((k) => k.name === f.fileName))} onLoadReadable={() => void loadReadable(f)} />)}
      <Group>
        <Button component={Link} to="/settlements">
          Open settlements
        </Button>
        <Button component={Link} to="/settlement-import" variant="default">
          Load more files
        </Button>
      </Group>
    </Stack>
  );
}
