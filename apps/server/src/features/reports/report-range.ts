/** The date range of a report: the end on or after the start, and at most `maxDays` days (refused with where and why). */
import { AppError } from '../../http/app-error';

const DAY_MS = 86_400_000;

export function assertReportRange(start: string, end: string, maxDays: number): void {
  if (start > end) throw new AppError('request.invalid', `The end ${end} must be after the start ${start}.`, [{ path: 'end', message: 'Before the start.' }]);
  if ((Date.parse(end) - Date.parse(start)) / DAY_MS >= maxDays) {
    throw new AppError('request.invalid', `A report covers at most ${maxDays} days; choose a shorter range than ${start} to ${end}.`, [{ path: 'end', message: 'Range too long.' }]);
  }
}
