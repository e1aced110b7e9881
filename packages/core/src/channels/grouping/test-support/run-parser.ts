/**
 * Test harness for the file parsers of the grouped channels (Shopify, PayPal, eBay, Etsy, Walmart,
 * BigCommerce/Braintree, Afterpay): runs a parser over bytes with a sink that keeps everything, turns
 * the result into the golden JSON written beside each fixture, and checks the rules every parse must
 * keep (problems name file/row/column; a settlement with a problem is never counted complete).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getMinorDigits, isKnownCurrency } from '../../../money/currencies';
import { formatUnits } from '../../../money/money';
import type { ParseProblem, Settlement } from '../../../settlements/model';
import type { ReportParser } from '../../../settlements/parser';

export interface ParseResult {
  settlements: Settlement[];
  problems: ParseProblem[];
  /** Settlement ids that received a problem: not complete. */
  invalidIds: Set<string>;
}

export async function runParser(parser: ReportParser, bytes: Uint8Array, fileName: string, chunkSize = 997): Promise<ParseResult> {
  const settlements = new Map<string, Settlement>();
  const problems: ParseProblem[] = [];
  const invalidIds = new Set<string>();
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  await parser.parse(
    { fileName, chunks },
    {
      settlement(header) {
        if (settlements.has(header.settlementId)) throw new Error(`settlement ${header.settlementId} announced twice`);
        settlements.set(header.settlementId, { ...header, lines: [] });
      },
      line(id, line) {
        const s = settlements.get(id);
        if (!s) throw new Error(`line for unannounced settlement ${id}`);
        s.lines.push(line);
      },
      problem(problem, id) {
        problems.push(problem);
        if (id !== undefined) invalidIds.add(id);
      },
    },
  );
  return { settlements: [...settlements.values()], problems, invalidIds };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function amountText(units: bigint | null, currency: string): string | null {
  if (units === null) return null;
  return formatUnits(units, isKnownCurrency(currency) ? getMinorDigits(currency) : 4);
}

/** The normalized JSON a golden file holds: dates ISO 8601 UTC, amounts as decimal strings. */
export function toGoldenJson(result: ParseResult): unknown {
  return {
    settlements: result.settlements.map((s) => ({
      channel: s.channel,
      settlementId: s.settlementId,
      format: s.format,
      marketplace: s.marketplace,
      currency: s.currency,
      startDate: iso(s.startDate),
      endDate: iso(s.endDate),
      depositDate: iso(s.depositDate),
      total: amountText(s.total, s.currency),
      status: s.status,
      sellerId: s.sellerId,
      complete: !result.invalidIds.has(s.settlementId),
      linesTotal: amountText(
        s.lines.reduce((sum, l) => sum + l.amount, 0n),
        s.currency,
      ),
      lines: s.lines.map((l) => ({
        row: l.source.row,
        postedAt: iso(l.postedAt),
        typeKey: l.typeKey,
        amount: amountText(l.amount, s.currency),
        orderId: l.orderId,
        sku: l.sku,
        quantity: l.quantity,
        marketplace: l.marketplace,
        fulfilmentChannel: l.fulfilmentChannel,
        description: l.description ?? null,
      })),
    })),
    problems: result.problems,
  };
}

/**
 * Compares a parse of `fixturePath` with `<fixture>.expected.json`. With UPDATE_GOLDEN=1 the expected
 * file is (re)written instead: review the diff before keeping it.
 */
export async function readGolden(parser: ReportParser, fixturePath: string): Promise<{ actual: unknown; expected: unknown }> {
  const bytes = readFileSync(fixturePath);
  const fileName = fixturePath.slice(fixturePath.lastIndexOf('/') + 1);
  const actual = JSON.parse(JSON.stringify(toGoldenJson(await runParser(parser, bytes, fileName)))) as unknown;
  const expectedPath = `${fixturePath}.expected.json`;
  if (process.env['UPDATE_GOLDEN'] === '1' || !existsSync(expectedPath)) {
    writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
  }
  return { actual, expected: JSON.parse(readFileSync(expectedPath, 'utf8')) as unknown };
}

/**
 * The rules every parse keeps, whatever the input: every problem names the file, a row >= 0 and a
 * column (or null); every line points at a row; a closed settlement states its total. Returns the
 * broken rules (empty when all hold).
 */
export function brokenRules(result: ParseResult, fileName: string): string[] {
  const broken: string[] = [];
  for (const p of result.problems) {
    if (p.file !== fileName) broken.push(`problem names file ${p.file}`);
    if (!Number.isInteger(p.row) || p.row < 0) broken.push(`problem row ${p.row}`);
    if (p.column !== null && (typeof p.column !== 'string' || p.column === '')) broken.push('problem column is empty');
    if (typeof p.message !== 'string' || p.message.length < 10) broken.push(`problem message too short: ${p.message}`);
  }
  for (const s of result.settlements) {
    if (s.status === 'closed' && s.total === null && !result.invalidIds.has(s.settlementId)) broken.push(`closed settlement ${s.settlementId} without total`);
    if (s.status === 'open' && s.total !== null) broken.push(`open settlement ${s.settlementId} with a total`);
    if (!/^[A-Z]{3}$/.test(s.currency)) broken.push(`settlement ${s.settlementId} currency ${s.currency}`);
    for (const l of s.lines) {
      if (typeof l.amount !== 'bigint') broken.push('line amount is not a bigint');
      if (!Number.isInteger(l.source.row) || l.source.row < 1) broken.push(`line row ${l.source.row}`);
      if (l.typeKey === '') broken.push('line without type key');
    }
  }
  return broken;
}

/** Files under `<fixtures>/fuzz/`: inputs that once broke a parser, kept as regressions. */
export function fuzzCaseFiles(fixturesDir: string): string[] {
  const dir = `${fixturesDir}fuzz/`;
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.json')).map((f) => dir + f) : [];
}

/** Broken rules of a parse of one file (empty when the parser handles it). */
export async function brokenRulesOfFile(parser: ReportParser, path: string): Promise<string[]> {
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  return brokenRules(await runParser(parser, readFileSync(path), fileName), fileName);
}
