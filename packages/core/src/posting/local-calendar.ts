/**
 * Local dates of timestamps in the account's time zone, via Intl (pure: no clock, no env).
 * Formatting is slow, so results are cached per 15-minute slot: every time zone in use today has
 * an offset that is a multiple of 15 minutes, so a local midnight never falls inside a slot.
 */
const SLOT_MS = 15 * 60 * 1000;

export interface LocalCalendar {
  /** 'YYYY-MM-DD' local date of an epoch-ms instant. */
  dateOf(epochMs: number): string;
  /** 'YYYY-MM' local month of an epoch-ms instant. */
  monthOf(epochMs: number): string;
}

/** One formatter per time zone (building one costs far more than using it; a formatter never changes). */
const FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZoneId: string): Intl.DateTimeFormat {
  let format = FORMATS.get(timeZoneId);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timeZoneId, year: 'numeric', month: '2-digit', day: '2-digit' });
    FORMATS.set(timeZoneId, format);
  }
  return format;
}

interface SlotDate {
  date: string;
  month: string;
}

/**
 * Local dates of 15-minute slots per time zone, shared by every calendar of the process: a slot's
 * local date never changes, so this is a memo of a pure function (a settlement's detail builds its
 * documents on every request; formatting the dates of its lines was most of that work). A zone's
 * memo is emptied when it reaches SLOTS_MAX (about 500 days of slots).
 */
const SLOT_DATES = new Map<string, Map<number, SlotDate>>();
const SLOTS_MAX = 50_000;

/** Throws RangeError for a time zone Intl does not know. */
export function createLocalCalendar(timeZoneId: string): LocalCalendar {
  const format = formatOf(timeZoneId);
  let cache = SLOT_DATES.get(timeZoneId);
  if (cache === undefined) {
    cache = new Map<number, SlotDate>();
    SLOT_DATES.set(timeZoneId, cache);
  }
  const slots = cache;
  let lastSlot = Number.NaN;
  let last: SlotDate = { date: '', month: '' };
  const entryOf = (epochMs: number) => {
    const slot = Math.floor(epochMs / SLOT_MS);
    if (slot === lastSlot) return last;
    let entry = slots.get(slot);
    if (entry === undefined) {
      const parts = format.formatToParts(new Date(slot * SLOT_MS));
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      const date = `${get('year')}-${get('month')}-${get('day')}`;
      entry = { date, month: date.slice(0, 7) };
      if (slots.size >= SLOTS_MAX) slots.clear();
      slots.set(slot, entry);
    }
    lastSlot = slot;
    last = entry;
    return entry;
  };
  return { dateOf: (epochMs) => entryOf(epochMs).date, monthOf: (epochMs) => entryOf(epochMs).month };
}

/** The last calendar day of a 'YYYY-MM' month, as 'YYYY-MM-DD'. */
export function lastDayOfMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'May 2026' for '2026-05'. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}
