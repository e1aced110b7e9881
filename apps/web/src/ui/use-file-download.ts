/** A download button's state: busy while the file comes, and the error a bookkeeper reads when it does not. */
import { useState } from 'react';
import type { RequestOptions } from '../lib/api-client';
import { downloadFile, type DownloadedFile } from './download-file';
import { errorText } from '../lib/api-client';

export function useFileDownload() {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  /** Downloads the file; undefined when it failed (the error is then set). */
  async function download(path: string, query: RequestOptions['query'], fallbackName: string): Promise<DownloadedFile | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await downloadFile(path, query, fallbackName);
    } catch (e) {
      setError(errorText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { download, error, isBusy };
}
