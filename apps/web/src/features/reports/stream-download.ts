/**
 * Downloads a streamed export with the signed-in session and reports its progress as it arrives:
 * the bytes received and, for CSV, the rows (line ends) against the x-export-rows header. The parts
 * are handed to the browser as one Blob at the end under the server's file name.
 */
import { apiResponse, type RequestOptions } from '../../lib/api-client';
import { fileNameOf, saveBlob } from '../../ui/download-file';

export interface DownloadProgress {
  bytes: number;
  /** Rows received so far (CSV only; null for XLSX). */
  rows: number | null;
  /** Rows the server announced (x-export-rows), null when it did not. */
  expectedRows: number | null;
}

export async function streamDownload(path: string, query: RequestOptions['query'], fallbackName: string, onProgress: (p: DownloadProgress) => void): Promise<string> {
  const response = await apiResponse('GET', path, { query, timeoutMs: 30 * 60_000 });
  const announced = response.headers.get('x-export-rows');
  const expectedRows = announced === null ? null : Number(announced);
  const isCsv = (response.headers.get('content-type') ?? '').startsWith('text/csv');
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let lineEnds = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      if (isCsv) for (const b of value) if (b === 10) lineEnds++;
      // The header line is not a data row.
      onProgress({ bytes, rows: isCsv ? Math.max(0, lineEnds - 1) : null, expectedRows });
    }
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), name);
  return name;
}
