/**
 * Organization Documents (/clarity/directory) and the Firm page (/clarity/firm): the documents of the
 * organization or of its accounting firm. Everyone who opens Clarity lists and downloads; who may
 * change them (the server's context) uploads and deletes. One component for both pages.
 */
import { Alert, Button, Card, FileInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CLARITY_DOCUMENT_BYTES_MAX,
  CLARITY_DOCUMENT_TYPES,
  type ClarityContext,
  type ClarityDocument,
} from '@ledgerport/contract';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { downloadFile } from '../../ui/download-file';
import { formatBytes } from '../../ui/file-drop-zone';
import { deleteDocument, fetchDocuments, uploadDocument, type DocumentScope } from './clarity-api';
import { ClarityFrame } from './clarity-frame';

const ACCEPT = Object.keys(CLARITY_DOCUMENT_TYPES)
  .map((e) => `.${e}`)
  .join(',');
const TYPES_TEXT = Object.keys(CLARITY_DOCUMENT_TYPES)
  .filter((e) => e !== 'jpeg')
  .map((e) => e.toUpperCase())
  .join(', ');

function Documents({ context, scope }: { context: ClarityContext; scope: DocumentScope }) {
  const organizationId = context.organizationId;
  const client = useQueryClient();
  const key = ['clarity', 'documents', organizationId, scope];
  const canChange = scope === 'firm' ? context.canChangeFirmDocuments : context.canChangeDocuments;
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = useQuery({ queryKey: key, queryFn: () => fetchDocuments(organizationId, scope) });
  const done = (message: string) => {
    setNotice(message);
    setProblem(null);
    void client.invalidateQueries({ queryKey: key });
  };
  const upload = useMutation({
    mutationFn: (f: File) => uploadDocument(organizationId, scope, f),
    onSuccess: (d) => {
      setFile(null);
      done(`Uploaded ${d.fileName}.`);
    },
    onError: (e) => setProblem(e.message),
  });
  const remove = useMutation({
    mutationFn: (d: ClarityDocument) => deleteDocument(organizationId, scope, d.documentId).then(() => d),
    onSuccess: (d) => done(`Deleted ${d.fileName}.`),
    onError: (e) => setProblem(e.message),
  });
  const download = (d: ClarityDocument) =>
    downloadFile(
      `/clarity/documents/${encodeURIComponent(d.documentId)}`,
      { organizationId, scope },
      d.fileName,
    ).catch((e: Error) => setProblem(e.message));
  const choose = (f: File | null) => {
    setProblem(
      f && f.size > CLARITY_DOCUMENT_BYTES_MAX
        ? `${f.name} is larger than ${formatBytes(CLARITY_DOCUMENT_BYTES_MAX)}; choose a smaller file.`
        : null,
    );
    setFile(f);
  };
  const needle = text.trim().toLowerCase();
  const documents = (list.data?.documents ?? []).filter(
    (d) =>
      !needle ||
      d.fileName.toLowerCase().includes(needle) ||
      (d.uploadedBy ?? '').toLowerCase().includes(needle),
  );
  const columns: Array<DataColumn<ClarityDocument>> = [
    { id: 'fileName', header: 'Name', sortValue: (d) => d.fileName.toLowerCase(), cell: (d) => d.fileName },
    {
      id: 'type',
      header: 'Type',
      sortValue: (d) => d.fileName.split('.').pop() ?? '',
      cell: (d) => (d.fileName.split('.').pop() ?? '').toUpperCase(),
    },
    {
      id: 'size',
      header: 'Size',
      align: 'right',
      sortValue: (d) => d.sizeBytes,
      cell: (d) => formatBytes(d.sizeBytes),
    },
    {
      id: 'uploadedBy',
      header: 'Uploaded by',
      sortValue: (d) => d.uploadedBy ?? '',
      cell: (d) => d.uploadedBy ?? '--',
    },
    {
      id: 'uploadedAt',
      header: 'Uploaded',
      sortValue: (d) => d.uploadedAt,
      cell: (d) => d.uploadedAt.slice(0, 10),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (d) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => void download(d)}
            aria-label={`Download ${d.fileName}`}
          >
            Download
          </Button>
          {canChange && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={remove.isPending}
              onClick={() => remove.mutate(d)}
              aria-label={`Delete ${d.fileName}`}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
  const whose = scope === 'firm' ? `your accounting firm (${context.firmCode ?? ''})` : context.name;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Documents of {whose}.
      </Text>
      {canChange && (
        <Card
          withBorder
          component="form"
          aria-label="Upload a document"
          onSubmit={(e) => {
            e.preventDefault();
            if (file && !problem) upload.mutate(file);
          }}
        >
          <Group align="end">
            <FileInput
              label="Document"
              placeholder="Choose a file"
              accept={ACCEPT}
              value={file}
              onChange={choose}
              clearable
              w={320}
              description={`${TYPES_TEXT}; up to ${formatBytes(CLARITY_DOCUMENT_BYTES_MAX)}.`}
            />
            <Button type="submit" loading={upload.isPending} disabled={!file || problem !== null}>
              Upload
            </Button>
          </Group>
        </Card>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {notice && (
        <Alert color="teal" role="status" withCloseButton onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      <TextInput
        label="Filter documents"
        placeholder="Name or uploader"
        leftSection={<IconSearch size={14} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        w={280}
      />
      <DataTable
        label="Documents"
        columns={columns}
        rows={documents}
        getRowId={(d) => d.documentId}
        initialSort={{ id: 'uploadedAt', desc: true }}
        isLoading={list.isPending}
        emptyText={
          (list.data?.documents.length ?? 0) === 0
            ? 'No document has been shared yet.'
            : 'No document matches.'
        }
      />
    </Stack>
  );
}

export function ClarityDirectoryPage() {
  return (
    <ClarityFrame tab="directory">
      {(context) => <Documents context={context} scope="organization" />}
    </ClarityFrame>
  );
}

export function ClarityFirmPage() {
  return (
    <ClarityFrame tab="firm">
      {(context) =>
        context.firmCode === null ? (
          <Alert color="blue">
            {context.name} has no accounting firm, so there is no firm page. Documents of the organization are
            under Organization Documents.
          </Alert>
        ) : (
          <Documents context={context} scope="firm" />
        )
      }
    </ClarityFrame>
  );
}
