/**
 * The local QBO's query endpoint, played to the documented grammar
 * (`SELECT * | count(*) | fields FROM Entity [WHERE a = v AND …] [ORDERBY f [ASC|DESC]] [STARTPOSITION n] [MAXRESULTS m]`)
 * and answer (`{ QueryResponse: { <Entity>: [...], startPosition, maxResults } | { totalCount }, time }`).
 * WHERE takes =, <, >, <=, >=, LIKE ('%' wildcards) and IN (...) joined by AND; QBO has no OR.
 * Anything else is the QueryParserError QBO answers (Fault code 4000).
 */
import { json, type FakeResponse } from './fake-types';

type Row = Record<string, unknown>;

const parserError = (detail: string): FakeResponse =>
  json(400, { Fault: { Error: [{ Message: 'Error parsing query', Detail: `QueryParserError: ${detail}`, code: '4000' }], type: 'ValidationFault' }, time: new Date().toISOString() });

const valueOf = (row: Row, field: string): unknown => field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Row)[Object.keys(v).find((x) => x.toLowerCase() === k.toLowerCase()) ?? k] : undefined), row);

const plain = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');

function literal(text: string): unknown {
  const t = text.trim();
  if (/^'.*'$/s.test(t)) return t.slice(1, -1).replace(/\\'/g, "'");
  if (/^(true|false)$/i.test(t)) return t.toLowerCase() === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t)) return t;
  throw new Error(`Encountered "${t}"`);
}

function matches(row: Row, condition: string): boolean {
  const m = /^\s*([\w.]+)\s*(<=|>=|=|<|>|\blike\b|\bin\b)\s*(.+?)\s*$/is.exec(condition);
  if (!m) throw new Error(`Encountered "${condition.trim()}"`);
  const [, field, op, rhs] = m;
  const actual = valueOf(row, field!);
  const text = plain(actual);
  const operator = op!.toLowerCase();
  if (operator === 'in') {
    const list = /^\((.*)\)$/s.exec(rhs!)?.[1];
    if (list === undefined) throw new Error('IN needs a list in parentheses');
    return list.split(',').some((v) => plain(literal(v)) === text);
  }
  const expected = literal(rhs!);
  if (operator === 'like') {
    const pattern = new RegExp(`^${plain(expected).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*')}$`, 'is');
    return pattern.test(text);
  }
  const e = plain(expected);
  const cmp = /^-?\d+(\.\d+)?$/.test(e) && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) - Number(e) : text.localeCompare(e);
  return operator === '=' ? (typeof expected === 'boolean' ? actual === expected : text === e) : operator === '<' ? cmp < 0 : operator === '>' ? cmp > 0 : operator === '<=' ? cmp <= 0 : cmp >= 0;
}

/** Answers one query over the fake's entities (names as QBO spells them: Account, Class, TaxCode, JournalEntry). */
export function answerQboQuery(query: string, entities: Record<string, Row[]>): FakeResponse {
  const m = /^\s*select\s+(.+?)\s+from\s+(\w+)(?:\s+where\s+(.+?))?(?:\s+orderby\s+([\w.]+)(?:\s+(asc|desc))?)?(?:\s+startposition\s+(\d+))?(?:\s+maxresults\s+(\d+))?\s*$/is.exec(query);
  if (!m) return parserError(`Encountered "${query.trim().split(/\s+/)[0] ?? ''}" at line 1, column 1. Was expecting: "select"`);
  const [, fields, entityText, where, orderBy, direction, start, max] = m;
  const entity = Object.keys(entities).find((e) => e.toLowerCase() === entityText!.toLowerCase());
  if (!entity) return parserError(`Invalid entity name: ${entityText}`);
  let rows = entities[entity]!;
  try {
    if (where) {
      if (/\bor\b/i.test(where.replace(/'(?:\\'|[^'])*'/g, "''"))) throw new Error('OR is not supported');
      const conditions = where.split(/\s+and\s+(?=(?:[^']*'[^']*')*[^']*$)/i);
      rows = rows.filter((row) => conditions.every((c) => matches(row, c)));
    }
  } catch (error) {
    return parserError((error as Error).message);
  }
  const time = new Date().toISOString();
  if (/^count\s*\(\s*\*\s*\)$/i.test(fields!.trim())) return json(200, { QueryResponse: { totalCount: rows.length }, time });
  if (orderBy) {
    const sign = direction?.toLowerCase() === 'desc' ? -1 : 1;
    rows = [...rows].sort((a, b) => sign * plain(valueOf(a, orderBy)).localeCompare(plain(valueOf(b, orderBy)), 'en', { numeric: true }));
  }
  const maxResults = Math.min(Number(max ?? 100), 1000);
  const startPosition = Math.max(Number(start ?? 1), 1);
  let page = rows.slice(startPosition - 1, startPosition - 1 + maxResults);
  if (fields!.trim() !== '*') {
    const picked = fields!.split(',').map((f) => f.trim());
    page = page.map((row): Row => Object.fromEntries([['Id', row.Id] as const, ...picked.map((f) => [f, valueOf(row, f)] as const)].filter(([, v]) => v !== undefined)));
  }
  // QBO leaves the entity out of an empty answer.
  const answer = page.length > 0 ? { [entity]: page, startPosition, maxResults: page.length } : {};
  return json(200, { QueryResponse: answer, time });
}
