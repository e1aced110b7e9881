/**
 * Uploads settlement files in one multipart request (parts named `file`) through XMLHttpRequest,
 * because fetch cannot report upload progress. Progress per file comes from the bytes sent: the
 * parts go in order, so the bytes sent so far fill the files one after the other.
 */
import type { SettlementImport } from '@ledgerport/contract';
import { normalizeError } from '@ledgerport/core/rules';
import { ApiError, getFreshAccessToken } from '../../lib/api-client';

/** Percent of each file sent when `loaded` bytes of the whole body have gone. */
export function filePercents(sizes: number[], loaded: number, total: number): number[] {
  const overhead = Math.max(0, total - sizes.reduce((a, b) => a + b, 0));
  let left = Math.max(0, loaded - overhead / 2); // multipart headers are small; split them evenly before and after
  return sizes.map((size) => {
    if (size === 0) return left > 0 ? 100 : 0;
    const sent = Math.min(size, left);
    left -= sent;
    return Math.floor((sent * 100) / size);
  });
}

export function uploadSettlementFiles(
  accountKey: string,
  files: File[],
  loadReadable: boolean,
  onProgress: (percents: number[]) => void,
): Promise<SettlementImport> {
  return getFreshAccessToken().then(
    (token) =>
      new Promise<SettlementImport>((resolve, reject) => {
        const form = new FormData();
        for (const f of files) form.append('file', f, f.name);
        const xhr = new XMLHttpRequest();
        const qs = new URLSearchParams({ accountKey, loadReadable: String(loadReadable) });
        xhr.open('POST', `/settlement-import?${qs.toString()}`);
        xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.setRequestHeader('accept', 'application/json');
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) onProgress(filePercents(files.map((f) => f.size), e.loaded, e.total));
        };
        xhr.onerror = () => reject(new ApiError(normalizeError({ kind: 'network' })));
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) {
            onProgress(files.map(() => 100));
            resolve(JSON.parse(xhr.responseText) as SettlementImport);
          } else {
            reject(new ApiError(normalizeError({ kind: 'response', status: xhr.status, contentType: xhr.getResponseHeader('content-type') ?? '', bodyText: xhr.responseText })));
          }
        };
        xhr.send(form);
      }),
  );
}
