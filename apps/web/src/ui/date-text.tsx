/** A date ('MMM dd yyyy') or timestamp ('yyyy-MM-dd HH:mm:ss' in a zone, UTC by default); '--' when missing. */
import { formatDateValue, formatTimestamp } from '@ledgerport/core/rules';

export function DateText({ value, pattern }: { value: string | null | undefined; pattern?: string }) {
  return <time dateTime={value ?? undefined}>{formatDateValue(value, pattern)}</time>;
}

export function TimestampText({ value, timeZone }: { value: string | null | undefined; timeZone?: string | null }) {
  return <time dateTime={value ?? undefined}>{formatTimestamp(value, timeZone ?? undefined)}</time>;
}
