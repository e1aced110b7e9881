/**
 * What an import job does with an uploaded file it is handed (issue 14: crashes leave nothing stuck).
 * A job may find the file as the upload left it (QUEUED) or as a killed process left it (PARSING or
 * STORING: storing is one transaction, so nothing of the file is stored then). It reads the file again
 * from the start, or fails it with a sentence that tells the bookkeeper to upload it again.
 */

/** The states of an uploaded file whose import has not finished. */
export type UnfinishedImportStatus = 'QUEUED' | 'PARSING' | 'STORING';

/**
 * Attempts a file gets (each one a job that started on it). A file that stopped the server this often
 * (it runs out of memory, say) is failed rather than retried on every start for ever.
 */
export const IMPORT_ATTEMPTS_MAX = 3;

export type ImportAttemptDecision =
  /** Read and store the file; interruptedWhile names what a killed attempt was doing, null on a first run. */
  | { kind: 'run'; interruptedWhile: 'PARSING' | 'STORING' | null }
  | { kind: 'fail'; message: string };

export interface UnfinishedImportFile {
  fileName: string;
  status: UnfinishedImportStatus;
  /** Attempts already started. */
  attempts: number;
  /** The uploaded file is still on disk. */
  isFilePresent: boolean;
}

const doing = (status: 'PARSING' | 'STORING') => (status === 'STORING' ? 'stored' : 'read');

export function decideImportAttempt(file: UnfinishedImportFile): ImportAttemptDecision {
  const interruptedWhile = file.status === 'QUEUED' && file.attempts === 0 ? null : file.status === 'QUEUED' ? 'PARSING' : file.status;
  if (interruptedWhile === null) {
    return file.isFilePresent ? { kind: 'run', interruptedWhile: null } : { kind: 'fail', message: `The uploaded file ${file.fileName} was lost before it could be read; nothing was loaded from it. Please upload it again.` };
  }
  if (!file.isFilePresent || file.attempts >= IMPORT_ATTEMPTS_MAX) {
    return { kind: 'fail', message: `The server restarted while ${file.fileName} was being ${doing(interruptedWhile)}, and its import could not be finished; nothing was loaded from it. Please upload it again.` };
  }
  return { kind: 'run', interruptedWhile };
}

/** Shown while a file cut off by a restart is read again. */
export function importRestartingNote(interruptedWhile: 'PARSING' | 'STORING'): string {
  return `The server restarted while this file was being ${doing(interruptedWhile)}; it is being imported again from the start.`;
}

/** Added to the outcome of a file that was read again after a restart. */
export function importRestartedNote(interruptedWhile: 'PARSING' | 'STORING'): string {
  return `The server restarted while this file was being ${doing(interruptedWhile)}; it was imported again from the start.`;
}
