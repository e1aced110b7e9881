/**
 * RFC 4180 CSV: a field is quoted when it holds a comma, a double quote, CR or LF (or leading /
 * trailing blanks, which spreadsheet imports would trim); quotes inside are doubled. Rows end CRLF.
 */
export function csvField(value: string): string {
  if (/[",\r\n]/.test(value) || value !== value.trim()) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
