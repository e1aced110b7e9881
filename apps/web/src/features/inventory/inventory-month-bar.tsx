/**
 * The month picker and the report upload shared by the two inventory pages. An upload replaces the
 * months it holds and opens the first of them.
 */
import { Alert, Button, FileInput, Group, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../lib/toast';
import { uploadInventoryReport } from './inventory-api';

export function InventoryMonthBar({ accountKey, month, onMonth }: { accountKey: string; month: string; onMonth: (month: string) => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => uploadInventoryReport(accountKey, f),
    onSuccess: async (result) => {
      showToast('success', result.message);
      setFile(null);
      if (result.months[0]) onMonth(result.months[0]);
      await queryClient.invalidateQueries({ queryKey: ['inventory'] });
    },
  });
  return (
    <>
      <Group align="flex-end">
        <TextInput type="month" label="Month" value={month} onChange={(e) => e.currentTarget.value && onMonth(e.currentTarget.value)} w={180} />
        <FileInput label="Inventory Ledger summary" placeholder="GET_LEDGER_SUMMARY_VIEW_DATA (.tsv, .txt)" accept=".tsv,.txt,.csv" value={file} onChange={setFile} w={320} clearable />
        <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
          Upload report
        </Button>
      </Group>
      {upload.isError && (
        <Alert color="red" role="alert" title="The report was not loaded" withCloseButton onClose={() => upload.reset()}>
          {upload.error.message}
        </Alert>
      )}
    </>
  );
}
