/**
 * PayPal's activity download gives the time zone in its own column, as an abbreviation (`PDT`, `CET`)
 * or as an IANA name (`Europe/Berlin`, `America/Los_Angeles`) in the same column. Abbreviations are
 * read by parseDateTime; IANA names need the zone's rules at that date (summer time), which Intl has.
 */
import { parseDateTime, type DateOrder } from '../shared/parse-date-time';

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null; // not a zone Intl knows
    }
    formatters.set(zone, f);
  }
  return f;
}

/** Offset (ms) of an IANA zone at an instant: local wall time minus UTC. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts['year']!, parts['month']! - 1, parts['day'], parts['hour'], parts['minute'], parts['second']);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * Epoch ms UTC of a date and time in a zone given by abbreviation, numeric offset or IANA name;
 * undefined when any part is unreadable or impossible.
 */
export function parseZonedDateTime(date: string, time: string, zone: string, order: DateOrder): number | undefined {
  const wallText = time.trim() === '' ? date.trim() : `${date.trim()} ${time.trim()}`;
  const z = zone.trim();
  if (z === '' || !z.includes('/')) return parseDateTime(z === '' ? wallText : `${wallText} ${z}`, { order });
  const wall = parseDateTime(wallText, { order });
  const formatter = formatterFor(z);
  if (wall === undefined || formatter === null) return undefined;
  // Two passes find the instant whose local time is `wall`, also next to a summer-time change.
  let instant = wall - offsetAt(formatter, wall);
  instant = wall - offsetAt(formatter, instant);
  return instant;
}
