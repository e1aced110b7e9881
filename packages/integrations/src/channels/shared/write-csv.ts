/**
 * Renders rows in a channel's export layout, so API data goes through the same file parser as an
 * uploaded export: one set of rules, the same numbers and the same duplicate key either way.
 */
export function csvField(value: string, delimiter: string): string {
  if (delimiter === '\t') return value.replace(/[\t\r\n]+/g, ' ');
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function writeDelimited(header: readonly string[], rows: readonly (readonly string[])[], delimiter = ','): Uint8Array {
  const lines = [header, ...rows].map((row) => row.map((v) => csvField(v, delimiter)).join(delimiter));
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

/** A row from a record keyed by header name; missing columns are empty. */
export function rowOf(header: readonly string[], record: Record<string, string | null | undefined>): string[] {
  return header.map((h) => record[h] ?? '');
}
