/**
 * Choose settlement files (drop or picker), see each file's upload progress, then go to the
 * result page of the upload. Trial accounts see how many of their three files are left; the
 * server refuses a fourth with the spec's trial text, shown here as it comes.
 */
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { uploadSettlementFiles as uploadSettlementFilesEntry } from '@ledgerport/contract';
import { TRIAL_FILES_MAX } from '@ledgerport/contract/limits';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useMayCall, useSession, VIEW_ONLY_NOTE } from '../../lib/session-context';
import { FileDropZone, FileProgressList, type FileProgress } from '../../ui/file-drop-zone';
import { fetchImports, uploadedFilesByImport } from './imports-api';
import { uploadSettlementFiles } from './upload-settlement-files';

/** The upload's effect, checked against the contract by type (this panel's chunk stays free of the contract's schemas). */
const UPLOAD = { effect: 'write' } as const satisfies Pick<typeof uploadSettlementFilesEntry, 'effect'>;

export const UPLOAD_MAX_BYTES = 512 * 1024 * 1024;

export function UploadPanel() {
  const { account } = useSession();
  const canChange = useMayCall(UPLOAD);
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [percents, setPercents] = useState<number[]>([]);
  const [loadReadable, setLoadReadable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const imports = useQuery({ queryKey: ['settlement-imports', account.accountKey], queryFn: () => fetchImports(account.accountKey) });
  const left = imports.data?.trialFilesLeft ?? null;

  const rows: FileProgress[] = files.map((f, i) => ({
    name: f.name,
    sizeBytes: f.size,
    percent: percents[i] ?? 0,
    status: busy ? (percents[i] === 100 ? 'Sent, waiting for the server' : 'Uploading') : 'Ready to load',
    tone: busy ? 'blue' : 'gray',
  }));

  async function upload() {
    setBusy(true);
    setError(null);
    setPercents(files.map(() => 0));
    try {
      const result = await uploadSettlementFiles(account.accountKey, files, loadReadable, setPercents);
      uploadedFilesByImport.set(result.importId, files);
      void navigate(`/settlement-import?importId=${encodeURIComponent(result.importId)}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again later.');
      setBusy(false);
    }
  }

  return (
    <Stack maw={820}>
      {!canChange && (
        <Alert color="gray" title="View only">
          {VIEW_ONLY_NOTE} Ask its owner for member access to load settlement files.
        </Alert>
      )}
      {left !== null && (
        <Alert color={left === 0 ? 'orange' : 'blue'} title="Trial account">
          You can load up to {TRIAL_FILES_MAX} files while on trial: {left} left.
        </Alert>
      )}
      <FileDropZone
        maxSizeBytes={UPLOAD_MAX_BYTES}
        disabled={busy || !canChange}
        onFiles={(chosen) => {
          setError(null);
          setPercents([]);
          setFiles((old) => [...old.filter((o) => !chosen.some((c) => c.name === o.name)), ...chosen]);
        }}
        onRejected={(message) => setError(`Some files were not added: ${message}.`)}
      />
      {files.length > 0 && <FileProgressList files={rows} />}
      <Checkbox
        label="If a file has rows that cannot be read, load its readable settlements anyway"
        checked={loadReadable}
        onChange={(e) => setLoadReadable(e.currentTarget.checked)}
        disabled={busy}
      />
      {error && (
        <Alert color="red" role="alert" title="Nothing was loaded">
          {error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void upload()} disabled={files.length === 0 || !canChange} loading={busy}>
          {files.length === 1 ? 'Load 1 file' : `Load ${files.length} files`}
        </Button>
        {files.length > 0 && !busy && (
          <Button variant="subtle" onClick={() => (setFiles([]), setPercents([]), setError(null))}>
            Clear the list
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Parsing runs in the background: you can leave this page, the upload keeps going.
      </Text>
    </Stack>
  );
}
