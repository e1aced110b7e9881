/**
 * A drop zone for settlement files (drag and drop or the file picker), with one row per chosen file:
 * its name, size, a labelled progress bar and its status text. The caller owns the progress.
 */
import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
// react-dropzone 14 directly (not @mantine/dropzone, whose react-dropzone 20 needs Node 22; README says Node 20.19).
import { useDropzone } from 'react-dropzone';

export interface FileProgress {
  name: string;
  sizeBytes: number;
  percent: number;
  status: string;
  tone: 'blue' | 'green' | 'red' | 'yellow' | 'gray';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 102.4) / 10} KB`;
  return `${Math.round(n / 104_857.6) / 10} MB`;
}

export function FileDropZone({ onFiles, maxSizeBytes, disabled, onRejected }: { onFiles: (files: File[]) => void; maxSizeBytes: number; disabled?: boolean; onRejected: (message: string) => void }) {
  const { getRootProps, getInputProps, isDragAccept, isDragReject } = useDropzone({
    onDropAccepted: onFiles,
    onDropRejected: (rejections) =>
      onRejected(
        rejections
          .map((r) => `${r.file.name}: ${r.errors.some((e) => e.code === 'file-too-large') ? `larger than the ${formatBytes(maxSizeBytes)} limit` : r.errors.map((e) => e.message).join(', ')}`)
          .join('; '),
      ),
    maxSize: maxSizeBytes,
    multiple: true,
    disabled,
  });
  const tone = isDragReject ? 'red' : isDragAccept ? 'blue' : 'gray';
  return (
    <Box
      {...getRootProps({ 'aria-label': 'Settlement files' })}
      p="md"
      data-disabled={disabled || undefined}
      style={{ border: `1px dashed var(--mantine-color-${tone}-${tone === 'gray' ? 4 : 6})`, borderRadius: 'var(--mantine-radius-md)', cursor: disabled ? 'not-allowed' : 'pointer', opacity: disabled ? 0.6 : 1 }}
    >
      <input {...getInputProps({ 'aria-label': 'Choose settlement files' })} />
      <Group justify="center" gap="xl" mih={140} style={{ pointerEvents: 'none' }}>
        {isDragReject ? (
          <IconX size={48} color="var(--mantine-color-red-6)" />
        ) : isDragAccept ? (
          <IconUpload size={48} color="var(--mantine-color-blue-6)" />
        ) : (
          <IconFileSpreadsheet size={48} color="var(--mantine-color-dimmed)" />
        )}
        <div>
          <Text size="lg" inline>
            Drag settlement files here or click to choose them
          </Text>
          <Text size="sm" c="dimmed" inline mt={7} display="block">
            Reports downloaded from your sales channel (CSV, TXT or TSV), up to {formatBytes(maxSizeBytes)} each.
          </Text>
        </div>
      </Group>
    </Box>
  );
}

export function FileProgressList({ files }: { files: FileProgress[] }) {
  return (
    <Stack gap="sm" aria-label="Files" role="list">
      {files.map((f) => (
        <Stack key={f.name} gap={4} role="listitem" aria-label={f.name}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {f.name} <Text span c="dimmed" size="xs">({formatBytes(f.sizeBytes)})</Text>
            </Text>
            <Text size="sm" c={f.tone === 'red' ? 'red' : f.tone === 'green' ? 'green' : f.tone === 'yellow' ? 'orange.8' : 'dimmed'}>
              {f.status}
            </Text>
          </Group>
          <Progress value={f.percent} color={f.tone} animated={f.percent < 100 && f.tone === 'blue'} aria-label={`Progress of ${f.name}`} />
        </Stack>
      ))}
    </Stack>
  );
}
