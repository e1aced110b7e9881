import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index';
import { findTextProblem, isoDateSchema, noForbiddenCharacters, safeTextSchema, type Endpoint } from './index';

const endpoints = (Object.values(contract) as unknown[]).filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'url' in v && 'method' in v && 'access' in v);

interface Def {
  type: string;
  /** A format schema (z.email(), z.iso.date()) is its own check. */
  format?: string;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const dateCheck = defOf(isoDateSchema).checks![0];
/** Formats whose pattern admits no control character (a regex is written to match whole values of known characters). */
const checkedFormats = new Set(['regex', 'email', 'uuid', 'date', 'datetime']);

/** Paths of the free strings in `schema` that do not carry the safe-text rule (a date or a pattern is checked anyway). */
function uncheckedTexts(schema: z.ZodType | undefined, path: string): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  const inner = (child: z.ZodType | undefined, step = '') => uncheckedTexts(child, step ? (path ? `${path}.${step}` : step) : path);
  switch (def.type) {
    case 'string': {
      const checks = def.checks ?? [];
      const isChecked = checks.some((c) => c === (noForbiddenCharacters as unknown) || c === dateCheck || (c._zod.def.check === 'string_format' && checkedFormats.has(c._zod.def.format ?? '')));
      return isChecked || checkedFormats.has(def.format ?? '') ? [] : [path || '(the whole part)'];
    }
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => inner(child, key));
    case 'array':
      return inner(def.element, '[]');
    case 'union':
      return (def.options ?? []).flatMap((option) => inner(option));
    case 'record':
      return [...inner(def.keyType, '(key)'), ...inner(def.valueType, '(value)')];
    case 'tuple':
      return (def.items ?? []).flatMap((item, i) => inner(item, String(i)));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    // A pipe's output was checked as its input.
    case 'pipe':
      return inner(def.in);
    default:
      return def.innerType ? inner(def.innerType) : [];
  }
}

describe('the safe-text rule', () => {
  it('is on every free-text field of every request (path, query string and body)', () => {
    const unchecked = endpoints.flatMap((e) => [
      ...uncheckedTexts(e.params, '').map((p) => `${e.method} ${e.url} path ${p}`),
      ...uncheckedTexts(e.querystring, '').map((p) => `${e.method} ${e.url} query ${p}`),
      ...uncheckedTexts(e.body, '').map((p) => `${e.method} ${e.url} body ${p}`),
    ]);
    expect(unchecked).toEqual([]);
  });

  it('refuses NUL and other control characters, naming the field', () => {
    const result = contract.login.body.safeParse({ email: 'dana\u0000@example.com', password: 'x' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['email', 'The email contains a control character (U+0000); remove it and try again.']]);
    for (const c of ['\u0001', '\u001b', '\u007f', '\u0085']) expect(findTextProblem(`a${c}b`), JSON.stringify(c)).toMatch(/control character/);
  });

  it('refuses a lone surrogate and keeps a pair, tabs and line breaks', () => {
    expect(findTextProblem('a\ud800b')).toBe('contains a broken character (U+D800 without its pair)');
    expect(findTextProblem('\udc00')).toBe('contains a broken character (U+DC00 without its pair)');
    expect(safeTextSchema.safeParse('Caf\u00e9 \u{1d11e}\tline\r\nnext').success).toBe(true);
  });
});

describe('the date schema', () => {
  it('refuses impossible and out-of-range dates with the field and the value in the message', () => {
    for (const start of ['2026-02-30', '2026-99-99', '0000-01-01', '+275760-09-13', '-271821-04-20']) {
      const result = contract.exportSettlements.querystring.safeParse({ accountKey: 'a', start, end: '2026-11-30' });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message]), start).toEqual([['start', `The start "${start}" is not a date; use a real day like 2026-11-23.`]]);
    }
  });

  it('is the date of the settlements export, the trial balance, the ledger export and the channel history', () => {
    expect(contract.getTrialBalance.querystring.safeParse({ accountKey: 'a', throughDate: '2026-02-30' }).success).toBe(false);
    expect(contract.exportLedger.querystring.safeParse({ accountKey: 'a', format: 'hledger', end: '2026-02-30' }).success).toBe(false);
    expect(contract.exportLedger.querystring.safeParse({ accountKey: 'a', format: 'hledger', end: '2024-02-29' }).success).toBe(true);
  });
});

describe('the time filters of the settlement search', () => {
  const clause = (value: unknown) => ({ paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: 'a' }], [{ filterKey: 'start', operation: 'ge', value }]] });

  it('refuses an instant outside years 0001 to 9999 or an impossible day, naming the criterion', () => {
    for (const value of ['0000-01-01', '+275760-09-13', '-271821-04-20', '+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00.000Z']) {
      const result = contract.paginatedSearchBodySchema.safeParse(clause(value));
      expect(result.error?.issues.map((i) => i.path.join('.')), value).toEqual(['paginatedSearchCriteriaClause.1.0.value']);
      expect(result.error?.issues[0]?.message).toBe(`The start filter needs a date like 2026-11-23 or a timestamp like 2026-11-23T00:00:00.000Z (years 0001 to 9999), not ${JSON.stringify(value)}.`);
    }
    expect(contract.paginatedSearchBodySchema.safeParse(clause(['2026-11-01', '2026-99-99'])).error?.issues.map((i) => i.path.join('.'))).toEqual(['paginatedSearchCriteriaClause.1.0.value.1']);
  });

  it('accepts what the web sends: a day start and the last instant of a day', () => {
    expect(contract.paginatedSearchBodySchema.safeParse(clause('2026-10-01T00:00:00.000Z')).success).toBe(true);
    expect(contract.paginatedSearchBodySchema.safeParse(clause('2026-10-31T23:59:59.999Z')).success).toBe(true);
  });
});
