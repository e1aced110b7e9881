/**
 * A drop zone for settlement files (drag and drop or the file picker), with one row per chosen file:
 * its name, size, a labelled progress bar and its status text. The caller owns the progress.
 */
import '@mantine/dropzone/styles.css';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';

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
  return (
    <Dropzone
      onDrop={onFiles}
      onReject={(rejections) =>
        onRejected(
          rejections
            .map((r) => `${r.file.name}: ${r.errors.some((e) => e.code === 'file-too-large') ? `larger than the ${formatBytes(maxSizeBytes)} limit` : r.errors.map((e) => e.message).join(', ')}`)
            .join('; '),
        )
      }
      maxSize={maxSizeBytes}
      multiple
      disabled={disabled}
      aria-label="Settlement files"
    >
      <Group justify="center" gap="xl" mih={140} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={48} color="var(--mantine-color-blue-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={48} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={48} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <div>
          <Text size="lg" inline>
            Drag settlement files here or click to choose them
          </Text>
          <Text size="sm" c="dimmed" inline mt={7} display="block">
            Reports downloaded from your sales channel (CSV, TXT or TSV), up to {formatBytes(maxSizeBytes)} each.
          </Text>
        </div>
      </Group>
    </Dropzone>
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
