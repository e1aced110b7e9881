/**
 * Date-range rules of spec section 5: the 'after' validation message and which days a range picker
 * disables (92 or more days after the start: the maximum range is 92 days, start plus 91).
 * Dates are calendar dates 'yyyy-MM-dd'; arithmetic is done in UTC days so no zone can shift them.
 */
export const MAX_RANGE_DAYS = 92;

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/** The message of the 'after' rule, or undefined when `value` is after `target`. */
export function validateAfter(value: string, target: string, fieldName: string, targetName: string): string | undefined {
  return dayNumber(value) > dayNumber(target) ? undefined : `The ${fieldName} must be after the ${targetName}.`;
}

/** A day is disabled when it is 92 or more days after the chosen start. */
export function isBeyondMaxRange(start: string, day: string): boolean {
  return dayNumber(day) - dayNumber(start) >= MAX_RANGE_DAYS;
}

/**
 * The next range after a click: choosing before the start, or choosing when a full range is already
 * set, restarts the range at the chosen day.
 */
export function nextRange(current: { start?: string; end?: string }, chosen: string): { start: string; end?: string } {
  if (!current.start || current.end || dayNumber(chosen) < dayNumber(current.start)) return { start: chosen };
  return { start: current.start, end: chosen };
}

/** The end date counts as the end of that day: the last instant included, in UTC. */
export function rangeEndInstant(end: string): string {
  return new Date(dayNumber(end) * DAY_MS + DAY_MS - 1).toISOString();
}
