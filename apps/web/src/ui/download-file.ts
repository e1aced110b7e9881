/**
 * Downloads a file from the API with the signed-in session (a plain link would carry no bearer
 * token): fetches it, then hands the bytes to the browser under the server's file name.
 */
import { apiResponse, type RequestOptions } from '../lib/api-client';
import { track } from '../lib/track';

export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1] ?? fallback;
}

/** Hands bytes to the browser as a download under the name; the object URL is let go shortly after. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DownloadedFile {
  name: string;
  headers: Headers;
}

export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string, timeoutMs = 120_000): Promise<DownloadedFile> {
  const response = await apiResponse('GET', path, { query, timeoutMs });
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, name);
  // Every file export goes through here: tagged with the feature of the page it was asked from.
  void track('export_downloaded');
  return { name, headers: response.headers };
}
