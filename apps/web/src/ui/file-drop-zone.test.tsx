import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { FileDropZone } from './file-drop-zone';

function renderZone(maxSizeBytes = 1024) {
  const onFiles = vi.fn();
  const onRejected = vi.fn();
  render(
    <Providers env="test">
      <FileDropZone onFiles={onFiles} onRejected={onRejected} maxSizeBytes={maxSizeBytes} />
    </Providers>,
  );
  const input = screen.getByLabelText('Settlement files').querySelector('input[type="file"]') as HTMLInputElement;
  return { onFiles, onRejected, input };
}

describe('FileDropZone', () => {
  it('hands the chosen files over', async () => {
    const { onFiles, onRejected, input } = renderZone();
    const file = new File(['a,b\n1,2\n'], 'settlement.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect((onFiles.mock.calls[0]![0] as File[]).map((f) => f.name)).toEqual(['settlement.csv']);
    expect(onRejected).not.toHaveBeenCalled();
  });

  it('refuses a file over the limit, naming it and the limit', async () => {
    const { onFiles, onRejected, input } = renderZone(10);
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(20)], 'big.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(onRejected).toHaveBeenCalledWith('big.csv: larger than the 10 B limit'));
    expect(onFiles).not.toHaveBeenCalled();
  });
});
