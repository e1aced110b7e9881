import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideImportAttempt, IMPORT_ATTEMPTS_MAX, importRestartedNote } from './import-attempt';

const file = { fileName: 'june.txt', isFilePresent: true } as const;

describe('import attempt', () => {
  it('reads a freshly uploaded file', () => expect(decideImportAttempt({ ...file, status: 'QUEUED', attempts: 0 })).toEqual({ kind: 'run', interruptedWhile: null }));

  it('reads a file cut off while stored again from the start, and says so', () => {
    expect(decideImportAttempt({ ...file, status: 'STORING', attempts: 1 })).toEqual({ kind: 'run', interruptedWhile: 'STORING' });
    expect(importRestartedNote('STORING')).toBe('The server restarted while this file was being stored; it was imported again from the start.');
  });

  it('fails a cut-off file whose upload is gone, telling the bookkeeper to upload it again', () =>
    expect(decideImportAttempt({ ...file, status: 'PARSING', attempts: 1, isFilePresent: false })).toEqual({
      kind: 'fail',
      message: 'The server restarted while june.txt was being read, and its import could not be finished; nothing was loaded from it. Please upload it again.',
    }));

  it('fails a file lost before any attempt read it', () =>
    expect(decideImportAttempt({ ...file, status: 'QUEUED', attempts: 0, isFilePresent: false })).toEqual({
      kind: 'fail',
      message: 'The uploaded file june.txt was lost before it could be read; nothing was loaded from it. Please upload it again.',
    }));

  it('never starts more than IMPORT_ATTEMPTS_MAX attempts on one file', () =>
    fc.assert(
      fc.property(fc.constantFrom('QUEUED' as const, 'PARSING' as const, 'STORING' as const), fc.nat(10), fc.boolean(), (status, attempts, isFilePresent) => {
        const decision = decideImportAttempt({ fileName: 'f.csv', status, attempts, isFilePresent });
        if (attempts >= IMPORT_ATTEMPTS_MAX) expect(decision.kind).toBe('fail');
        if (decision.kind === 'fail') expect(decision.message).toMatch(/Please upload it again\.$/);
        if (decision.kind === 'run') expect(isFilePresent).toBe(true);
      }),
    ));
});
