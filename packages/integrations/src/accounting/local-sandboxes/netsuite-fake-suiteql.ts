/**
 * The local NetSuite's SuiteQL (POST query/v1/suiteql, body { q }), over a few tables, with the
 * documented paging: `limit` (1..1000, default 1000) and `offset` query parameters, and the answer
 * `{ links, count, hasMore, items: [{ links: [], ...columns }], offset, totalResults }` with every
 * value a string, as NetSuite sends them. Grammar played: SELECT * | columns FROM table
 * [WHERE col = value [AND …]] [ORDER BY col [ASC|DESC]]; a column may be TO_CHAR(col, 'YYYY-MM-DD')
 * [AS alias] for a date column, whose row keeps its days under `__days` (a plain date column answers
 * in the user's format). Anything else is NetSuite's 400 "Invalid search query".
 */
import { json, type FakeResponse } from './fake-types';

type Row = Record<string, unknown>;

const badRequest = (detail: string, code = 'INVALID_PARAMETER'): FakeResponse =>
  json(400, { type: 'https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.1', title: 'Bad Request', status: 400, 'o:errorDetails': [{ detail, 'o:errorCode': code }] });

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const literal = (text: string) => text.trim().replace(/^'(.*)'$/s, '$1').replace(/''/g, "'");

/** One selected column: `col`, or `TO_CHAR(col, 'YYYY-MM-DD') [AS alias]` (a date as its day). */
function readColumn(text: string): { column: string; alias: string; isDay: boolean } | null {
  const t = text.trim().toLowerCase();
  const day = /^to_char\(\s*(\w+)\s*,\s*'yyyy-mm-dd'\s*\)(?:\s+as\s+(\w+))?$/.exec(t);
  if (day) return { column: day[1]!, alias: day[2] ?? `to_char(${day[1]!})`, isDay: true };
  return /^\w+$/.test(t) ? { column: t, alias: t, isDay: false } : null;
}

export function answerSuiteQl(q: string, params: URLSearchParams, tables: Record<string, Row[]>): FakeResponse {
  const limit = Number(params.get('limit') ?? '1000');
  const offset = Number(params.get('offset') ?? '0');
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return badRequest('Invalid value for query parameter limit: it must be between 1 and 1000.');
  if (!Number.isInteger(offset) || offset < 0) return badRequest('Invalid value for query parameter offset.');
  const m = /^\s*select\s+(.+?)\s+from\s+(\w+)(?:\s+where\s+(.+?))?(?:\s+order\s+by\s+(\w+)(?:\s+(asc|desc))?)?\s*$/is.exec(q);
  if (!m) return badRequest(`Invalid search query. Detailed unprocessed description follows. Search error occurred: Invalid or unsupported search: ${q}`);
  const [, columns, tableName, where, orderBy, direction] = m;
  const source = tables[tableName!.toLowerCase()];
  if (!source) return badRequest(`Invalid search query. Search error occurred: Record '${tableName}' was not found.`);
  let rows = source;
  if (where) {
    const conditions = where.split(/\s+and\s+/i).map((c) => /^\s*(\w+)\s*=\s*(.+?)\s*$/s.exec(c));
    if (conditions.some((c) => !c)) return badRequest(`Invalid search query. Search error occurred: Invalid or unsupported search: ${where}`);
    rows = rows.filter((row) => conditions.every((c) => text(row[c![1]!.toLowerCase()]) === literal(c![2]!)));
  }
  if (orderBy) {
    const sign = direction?.toLowerCase() === 'desc' ? -1 : 1;
    rows = [...rows].sort((a, b) => sign * text(a[orderBy.toLowerCase()]).localeCompare(text(b[orderBy.toLowerCase()]), 'en', { numeric: true }));
  }
  // Commas inside TO_CHAR(…) do not separate columns.
  const picked = columns!.trim() === '*' ? null : (columns!.match(/(?:[^,(]|\([^)]*\))+/g) ?? []).map((c) => readColumn(c));
  if (picked?.some((c) => c === null)) return badRequest(`Invalid search query. Search error occurred: Invalid or unsupported search: ${columns}`);
  const unknown = picked?.find((c) => !source.some((r) => c!.column in r));
  if (unknown) return badRequest(`Invalid search query. Search error occurred: Field '${unknown.column}' for record '${tableName}' was not found.`);
  const page = rows.slice(offset, offset + limit).map((row) => {
    const { __days: days, ...plain } = row as Row & { __days?: Record<string, string> };
    const values = picked ? Object.fromEntries(picked.map((c) => [c!.alias, c!.isDay ? days?.[c!.column] : row[c!.column]])) : plain;
    // NetSuite sends every value as a string and leaves empty ones out.
    return { links: [], ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v as string | number)])) };
  });
  return json(200, {
    links: [{ rel: 'self', href: `/services/rest/query/v1/suiteql?limit=${limit}&offset=${offset}` }],
    count: page.length,
    hasMore: offset + page.length < rows.length,
    items: page,
    offset,
    totalResults: rows.length,
  });
}
