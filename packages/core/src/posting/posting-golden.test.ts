/**
 * Pins the posting output byte for byte: every document (lines, amounts, sources, row ranges) as
 * JSON and the hledger journal, for seeded settlements grouped every way (by SKU above all: the
 * grouping the benchmark of issue 4 makes fast), both streamed through the posting sink and built
 * from a whole settlement, and for a generated Amazon V2 report read by the real parser. The
 * journals of the SKU cases are kept readable beside this file; the other outputs are pinned by
 * their SHA-256 in __fixtures__/posting-golden.json. A change of output is deliberate only:
 * regenerate with UPDATE_GOLDEN=1 and review the diff of the journals.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseReportInto } from '../channels/index';
import { AMAZON_LOCALES, formatAmazonV2DetailRow, formatAmazonV2HeaderRow, formatAmazonV2SummaryRow } from '../channels/amazon/index';
import { documentsToJson } from '../exports/documents-json';
import { writeExport } from '../exports/write-export';
import { defaultMappings } from '../mapping/default-mappings';
import type { AccountingSystem, TypeDescriber } from '../mapping/model';
import { describeTransactionType } from '../settlements/describe-transaction-type';
import type { Settlement, SettlementLine } from '../settlements/model';
import { buildPostings } from './build-postings';
import type { GroupBy, PostingProblem, PostingResult, PostingSettings } from './model';
import { postingSink } from './posting-sink';
import { describeTestType, TEST_TYPES } from './test-support/settlement-arbitraries';

const dir = new URL('./__fixtures__/', import.meta.url);
const goldenUrl = new URL('posting-golden.json', dir);
const isUpdating = process.env.UPDATE_GOLDEN === '1' || !existsSync(goldenUrl);
const golden = (isUpdating ? {} : JSON.parse(readFileSync(goldenUrl, 'utf8'))) as Record<string, Record<string, string>>;
const written: Record<string, Record<string, string>> = {};
if (isUpdating) mkdirSync(dir, { recursive: true });

/** mulberry32: deterministic test data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new string instance with the same text, as a parser cutting fields out of another chunk makes. */
const copy = (s: string | null): string | null => (s === null ? null : s.split('').join(''));

const DAY = 86_400_000;
const START = Date.UTC(2026, 3, 27, 20, 0, 0);

/**
 * Orders of 3-6 rows sharing a SKU, marketplace and fulfilment channel, in file order, with storage
 * fees (no SKU), an unknown type (to suspense), undated rows, sub-cent amounts, gaps in the rows,
 * a span across a month end (local to Europe/Berlin) and a deposit 0.03 off the lines.
 */
function generatedSettlement(seed: number, lineCount: number): Settlement {
  const rnd = random(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const skus = Array.from({ length: 90 }, (_, i) => (i % 9 === 0 ? `BOOK ${i};  vol. ${i % 4}` : i % 3 === 0 ? `MUG-${1000 + i}-BLK` : `TS-${i}-${['S', 'M', 'L'][i % 3]}`));
  const orderTypes = Object.keys(TEST_TYPES).filter((k) => k.startsWith('Order|'));
  const lines: SettlementLine[] = [];
  let row = 3;
  while (lines.length < lineCount) {
    const at = rnd() < 0.03 ? null : START + Math.floor((lines.length / lineCount) * 9 * DAY);
    const sku = rnd() < 0.05 ? null : pick(skus);
    const marketplace = pick(['Amazon.com', 'Amazon.de', 'Amazon.fr', 'Amazon.co.uk', null]);
    const fulfilmentChannel = pick(['AFN', 'MFN', null]);
    const kind = rnd();
    const types =
      kind < 0.8 ? orderTypes.slice(0, 3 + Math.floor(rnd() * 4))
      : kind < 0.9 ? ['Refund|ItemPrice|Principal', 'Refund|ItemFees|Commission']
      : kind < 0.95 ? ['Order|ItemFees|MysteryFee']
      : ['ServiceFee|Cost of Advertising|TransactionTotalAmount'];
    for (const typeKey of types) {
      const cents = BigInt(Math.floor((rnd() - 0.3) * 20_000));
      const subCent = rnd() < 0.1 ? BigInt(Math.floor(rnd() * 99)) : 0n;
      lines.push({ postedAt: at, typeKey, orderId: null, sku: typeKey.startsWith('ServiceFee') ? null : sku, quantity: null, marketplace, fulfilmentChannel, amount: cents * 100n + subCent, source: { file: 'golden.txt', row } });
      row += rnd() < 0.02 ? 3 : 1;
    }
  }
  const sum = lines.reduce((a, l) => a + l.amount, 0n);
  return {
    channel: 'AMAZON', settlementId: `9${seed}`, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD',
    startDate: START, endDate: START + 9 * DAY, depositDate: START + 11 * DAY, total: sum - sum % 100n + 300n,
    status: 'closed', sellerId: null, sourceFile: 'golden.txt', lines,
  };
}

/** The same settlement streamed line by line, each line's strings new instances (as a parser cuts them). */
function streamed(s: Settlement, system: AccountingSystem, settings: PostingSettings): PostingResult {
  const sink = postingSink(defaultMappings(system, { isUnmappedToSuspense: true }), settings);
  const { lines, ...header } = s;
  sink.settlement(header);
  for (const l of lines) sink.line(s.settlementId, { ...l, typeKey: copy(l.typeKey)!, sku: copy(l.sku), marketplace: copy(l.marketplace), fulfilmentChannel: copy(l.fulfilmentChannel) });
  const r = sink.result();
  expect(r.parseProblems).toEqual([]);
  return r;
}

const problemsText = (problems: PostingProblem[]) => JSON.stringify(problems, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Checks (or, when updating, records) the output of one case. */
function pin(name: string, result: PostingResult, system: AccountingSystem, keepJournal: boolean): void {
  const documents = documentsToJson(result.documents);
  const problems = problemsText(result.problems);
  const exported = writeExport(system === 'MANUAL' ? 'hledger' : 'csv', result.documents)[0]!.content;
  const digest = { documents: sha(documents), problems: sha(problems), export: sha(exported) };
  const journalUrl = new URL(`${name}.${system === 'MANUAL' ? 'hledger' : 'csv'}`, dir);
  if (isUpdating) {
    written[name] = digest;
    if (keepJournal) writeFileSync(journalUrl, exported);
    return;
  }
  if (keepJournal) expect(exported, `${name}: the export differs from ${journalUrl.pathname}`).toBe(readFileSync(journalUrl, 'utf8'));
  expect(golden[name], `${name}: the documents or problems differ from the pinned output`).toEqual(digest);
}

const GROUPINGS: GroupBy[] = ['sku', 'type', 'product-type', 'country', 'fulfilment'];
const productTypes = [
  { name: 'Books', pattern: '^BOOK' },
  { name: 'Mugs', skus: ['MUG-1003-BLK', 'MUG-1006-BLK', 'MUG-1012-BLK'] },
];

describe('posting output is pinned byte for byte', () => {
  const settlement = generatedSettlement(4242, 3000);

  for (const groupBy of GROUPINGS) {
    for (const variant of ['tracked', 'by-country'] as const) {
      const system: AccountingSystem = variant === 'tracked' ? 'MANUAL' : 'XERO';
      const name = `generated-${groupBy}-${variant}`;
      it(`${name}: streamed and whole give the pinned documents`, () => {
        const settings: PostingSettings = {
          describeType: describeTestType,
          groupBy,
          productTypes,
          timeZoneId: 'Europe/Berlin',
          ...(variant === 'tracked' ? { isTrackedByMarketplace: true } : { shouldSplitByCountry: true }),
        };
        const whole = buildPostings(settlement, defaultMappings(system, { isUnmappedToSuspense: true }), settings);
        const stream = streamed(settlement, system, settings);
        expect(whole.documents.length).toBeGreaterThan(1);
        expect(documentsToJson(stream.documents)).toBe(documentsToJson(whole.documents));
        expect(problemsText(stream.problems)).toBe(problemsText(whole.problems));
        pin(name, stream, system, groupBy === 'sku' && variant === 'tracked');
      });
    }
  }

  it('a generated Amazon V2 report read by the parser and posted by SKU, as the benchmark does', async () => {
    const rnd = random(77);
    const options = { locale: AMAZON_LOCALES.US!, hasPromotionId: true };
    const source = generatedSettlement(77, 4000);
    // Amazon's own type keys and a catalogue describer, as the benchmark posts them.
    const amazonTypes = ['Order|ItemPrice|Principal', 'Order|ItemPrice|Tax', 'Order|ItemFees|Commission', 'Order|ItemFees|FBAPerUnitFulfillmentFee', 'Refund|ItemPrice|Principal', 'Order|Promotion|Principal', 'other-transaction|other-transaction|Storage Fee'];
    const lines = source.lines.map((l) => ({ ...l, typeKey: amazonTypes[Math.floor(rnd() * amazonTypes.length)]!, marketplace: 'Amazon.com' }));
    const total = lines.reduce((a, l) => a + l.amount, 0n);
    const header = { ...source, total: total - (total % 100n), sourceFile: 'generated-v2.txt' };
    const text = [formatAmazonV2HeaderRow(options), formatAmazonV2SummaryRow(header, options), ...lines.map((l) => formatAmazonV2DetailRow(header.settlementId, 'USD', l, options))].join('\n');
    const describeKnown: TypeDescriber = (channel, key) => {
      const info = describeTransactionType(channel, key);
      return info.known ? { category: info.category, label: info.label } : undefined;
    };
    const sink = postingSink(defaultMappings('MANUAL', { isUnmappedToSuspense: true }), { describeType: describeKnown, groupBy: 'sku' });
    // Small chunks, so fields are cut out of several decoded chunks.
    const bytes = new TextEncoder().encode(`${text}\n`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 4096) }, (_, i) => bytes.subarray(i * 4096, (i + 1) * 4096));
    await parseReportInto({ fileName: 'generated-v2.txt', chunks }, sink);
    const r = sink.result();
    expect(r.parseProblems).toEqual([]);
    expect(r.documents[0]!.lines.length).toBeGreaterThan(300);
    pin('parsed-v2-sku', r, 'MANUAL', true);
  });

  it('records the pinned outputs when asked to', () => {
    if (!isUpdating) return;
    writeFileSync(goldenUrl, `${JSON.stringify(written, null, 2)}\n`);
  });
});
