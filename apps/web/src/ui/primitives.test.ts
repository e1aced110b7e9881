import { describe, expect, it } from 'vitest';
import { filePercents } from '../features/imports/upload-settlement-files';
import { barPermille } from './bar-chart';
import { applyDayClick } from './date-range-picker';
import { fileNameOf } from './download-file';
import { describeRange } from './table-pager';

describe('table pager', () => {
  it("shows the range of the page and the total, or 'many' when the total is unknown", () => {
    expect(describeRange(0, 10, 10, 57)).toBe('1–10 of 57');
    expect(describeRange(1, 10, 10, null)).toBe('11–20 of many');
    expect(describeRange(0, 10, 0, 0)).toBe('0 of 0');
  });
});

describe('date range picker clicks (spec section 5)', () => {
  it('starts a range, completes it, and restarts it when a full range is set', () => {
    expect(applyDayClick({}, ['2026-10-01', null])).toEqual({ start: '2026-10-01' });
    expect(applyDayClick({ start: '2026-10-01' }, ['2026-10-01', '2026-10-20'])).toEqual({ start: '2026-10-01', end: '2026-10-20' });
    expect(applyDayClick({ start: '2026-10-01', end: '2026-10-20' }, ['2026-10-25', null])).toEqual({ start: '2026-10-25' });
  });

  it('restarts the range when the day chosen is before the start', () => {
    // The calendar proposes [clicked, start] for a day before the start; the spec restarts instead.
    expect(applyDayClick({ start: '2026-10-10' }, ['2026-10-05', '2026-10-10'])).toEqual({ start: '2026-10-05' });
  });
});

describe('bar chart', () => {
  it('sizes bars from exact units, negative amounts by their size', () => {
    expect(barPermille('-50.00', 1_000_000n)).toBe(500);
    expect(barPermille('100.0000', 1_000_000n)).toBe(1000);
    expect(barPermille('0.01', 0n)).toBe(0);
  });
});

describe('upload progress per file', () => {
  it('fills the files in order from the bytes sent', () => {
    expect(filePercents([100, 300], 0, 400)).toEqual([0, 0]);
    expect(filePercents([100, 300], 250, 400)).toEqual([100, 50]);
    expect(filePercents([100, 300], 400, 400)).toEqual([100, 100]);
  });
});

describe('download file name', () => {
  it('reads the server file name from content-disposition', () => {
    expect(fileNameOf('attachment; filename="ledger.journal"', 'x')).toBe('ledger.journal');
    expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9.csv", 'x')).toBe('café.csv');
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
  });
});

describe('file sizes', () => {
  it('reads as bytes, KB or MB with one decimal', async () => {
    const { formatBytes } = await import('./file-drop-zone');
    expect(formatBytes(724)).toBe('724 B');
    expect(formatBytes(1755)).toBe('1.7 KB');
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MB');
  });
});
