/**
 * Property (issue 28): every report file, as a spreadsheet or a mail client saves it again, gives
 * exactly the settlements of the file as downloaded: the same lines, amounts and totals. The files are
 * every channel fixture, every real sample under ../shared/samples (CI has it beside the repo) and
 * generated Amazon V2 settlements; the changes are those of save-as.ts, alone and combined.
 * LEDGERPORT_SAVE_AS_RUNS sets the number of combined runs per file (default 6).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../settlements/collect-settlements';
import { AMAZON_LOCALES } from './amazon/amazon-locale';
import { writeAmazonV2 } from './amazon/write-amazon-v2';
import { parseReport } from './index';
import { AS_DOWNLOADED, saveAs, type SaveAs } from './test-support/save-as';

const RUNS = Number(process.env.LEDGERPORT_SAVE_AS_RUNS ?? 6);
const channelsDir = new URL('.', import.meta.url).pathname;
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const samplesDir = join(repoRoot, '../shared/samples');

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fuzz' ? [] : filesUnder(path, keep); // fuzz files are broken on purpose
    return keep(path) ? [path] : [];
  });
}

const isReport = (path: string): boolean => /\.(csv|txt)$/i.test(path) && !path.endsWith('.expected.json');
const fixtures = filesUnder(channelsDir, (p) => p.includes('/__fixtures__/') && isReport(p));
const samples = filesUnder(samplesDir, isReport);

function generatedAmazon(): { name: string; bytes: Uint8Array }[] {
  return Object.values(AMAZON_LOCALES).map((locale, i) => {
    const start = Date.UTC(2026, 2, 1 + i);
    const lines = [
      { typeKey: 'Order|ItemPrice|Principal', amount: 1_234_500n + BigInt(i) * 10_000n, orderId: `O-${i}`, sku: 'SKU-1', quantity: 2 },
      { typeKey: 'Order|ItemFees|Commission', amount: -185_200n, orderId: `O-${i}`, sku: 'SKU-1', quantity: null },
      { typeKey: 'other-transaction|other-transaction|Current Reserve Amount', amount: -50_000n, orderId: null, sku: null, quantity: null },
    ].map((l, row) => ({ ...l, postedAt: start + row * 3_600_000, marketplace: locale.marketplace, fulfilmentChannel: 'AFN' as const, source: { file: 'generated.txt', row: row + 3 } }));
    const total = lines.reduce((s, l) => s + l.amount, 0n);
    const text = writeAmazonV2(
      { channel: 'AMAZON', settlementId: `9${i}123`, format: 'amazon-v2', marketplace: locale.marketplace, currency: locale.currency, startDate: start, endDate: start + 14 * 86_400_000, depositDate: start + 16 * 86_400_000, total, status: 'closed', sellerId: null, sourceFile: 'generated.txt', lines },
      { locale, hasPromotionId: false },
    );
    return { name: `generated amazon-v2 ${locale.marketplace}`, bytes: new TextEncoder().encode(text) };
  });
}

const reports: { name: string; bytes: Uint8Array }[] = [
  ...fixtures.map((p) => ({ name: relative(channelsDir, p), bytes: readFileSync(p) })),
  ...samples.map((p) => ({ name: `samples/${relative(samplesDir, p)}`, bytes: readFileSync(p) })),
  ...generatedAmazon(),
];

/** What must not change: settlements (lines, amounts, totals, dates) and the problems found. */
function outcome(result: ParseResult): unknown {
  return { settlements: result.settlements, problems: result.problems.map((p) => `${p.row}|${p.column ?? ''}|${p.message}`) };
}

const read = async (bytes: Uint8Array): Promise<ParseResult> => parseReport(bytes, { fileName: 'report.csv' });

const SINGLE_CHANGES: [string, Partial<SaveAs>][] = [
  ['a byte-order mark', { bom: true }],
  ['CRLF line ends', { lineEnd: '\r\n' }],
  ['lone CR line ends', { lineEnd: '\r' }],
  ['no line end after the last line', { finalLineEnd: false }],
  ['blank lines at the end', { blankLines: 3 }],
  ['every field quoted', { quoting: 'all' }],
  ['no field quoted that does not need it', { quoting: 'none' }],
  ['; between fields beside decimal commas', { semicolonLocale: true }],
  ['trailing empty header columns', { headerPadding: 6 }],
  ['trailing empty columns on every row', { headerPadding: 6, rowPadding: 6 }],
  ['trailing empty cells on data rows only', { rowPadding: 3 }],
  ['Windows-1252 instead of UTF-8', { encoding: 'windows-1252' }],
];

const saveArb: fc.Arbitrary<SaveAs> = fc.record({
  bom: fc.boolean(),
  lineEnd: fc.constantFrom('\n' as const, '\r\n' as const, '\r' as const),
  finalLineEnd: fc.boolean(),
  blankLines: fc.integer({ min: 0, max: 3 }),
  quoting: fc.constantFrom('asIs' as const, 'all' as const, 'none' as const),
  semicolonLocale: fc.boolean(),
  headerPadding: fc.integer({ min: 0, max: 6 }),
  rowPadding: fc.integer({ min: 0, max: 6 }),
  encoding: fc.constantFrom('utf-8' as const, 'windows-1252' as const),
});

describe('every report as people save it again', () => {
  if (samples.length === 0) it.skip(`the real samples are absent (${samplesDir}): only fixtures and generated files are checked`, () => undefined);

  it('has files to check', () => {
    expect(fixtures.length).toBeGreaterThan(20);
  });

  for (const { name, bytes } of reports) describe(name, () => {
    it.each(SINGLE_CHANGES)('reads the same with %s', async (_, change) => {
      const before = outcome(await read(bytes));
      const after = outcome(await read(saveAs(bytes, { ...AS_DOWNLOADED, ...change }).bytes));
      expect(after).toEqual(before);
    });

    it('reads the same after any combination of them', async () => {
      const before = outcome(await read(bytes));
      await fc.assert(
        fc.asyncProperty(saveArb, async (save) => {
          expect(outcome(await read(saveAs(bytes, save).bytes))).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    });
  });
});
