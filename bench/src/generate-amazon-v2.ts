/**
 * Deterministic (seeded) generator of a large Amazon Flat File V2 settlement for the parse benchmark:
 * US layout, 24 columns, orders of 4-7 rows (price, shipping, tax, promotion, fees), refunds, storage
 * fees and a reserve pair, lines that sum exactly to the stated total. Written with the core's own V2
 * writer, streamed to disk. Two passes with the same seed: the first only sums, so the summary row
 * (which comes first) can state the total.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  AMAZON_LOCALES,
  formatAmazonV2DetailRow,
  formatAmazonV2HeaderRow,
  formatAmazonV2SummaryRow,
  type AmazonV2WriteOptions,
} from '@ledgerport/core/channels/amazon';
import type { SettlementHeader, SettlementLine } from '@ledgerport/core/settlements';

/** mulberry32: small, fast, good enough for test data. */
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

const START = Date.UTC(2026, 9, 1, 7, 12, 5);
const SETTLEMENT_ID = '24681357901';

/** Yields `count` detail lines, deterministically from `seed`. */
function* generateLines(count: number, seed: number): Generator<SettlementLine> {
  const rnd = random(seed);
  // Whole cents (100 units each) between min and max dollars; percentages rounded down to the cent.
  const dollars = (min: number, max: number) => BigInt(Math.floor((min + rnd() * (max - min)) * 100)) * 100n;
  const percent = (units: bigint, p: bigint) => ((units / 100n) * p / 100n) * 100n;
  let emitted = 0;
  let order = 0;
  while (emitted < count) {
    order++;
    const postedAt = START + Math.floor((order / (count / 5)) * 86_400_000 * 14 / 5);
    const orderId = `11${String(order % 10).padStart(1, '0')}-${String(1_000_000 + (order % 9_000_000)).padStart(7, '0')}-${String(2_000_000 + order).slice(-7)}`;
    const sku = `SKU-${String(Math.floor(rnd() * 5000)).padStart(5, '0')}-BLUE-XL`;
    const base = { postedAt, orderId, sku, marketplace: 'Amazon.com', source: { file: 'bench', row: 0 } };
    const pick = rnd();
    const kind = pick < 0.9 ? 'Order' : pick < 0.98 ? 'Refund' : 'other';
    const price = dollars(5, 200);
    let rows: [string, bigint, number | null, string][];
    if (kind === 'Order') {
      rows = [
        ['Order|ItemPrice|Principal', price, 1, 'AFN'],
        ['Order|ItemPrice|Tax', percent(price, 8n), 1, 'AFN'],
        ['Order|ItemWithheldTax|MarketplaceFacilitatorTax-Principal', -percent(price, 8n), 1, 'AFN'],
        ['Order|ItemFees|Commission', -percent(price, 15n), 1, 'AFN'],
        ['Order|ItemFees|FBAPerUnitFulfillmentFee', -dollars(3, 9), 1, 'AFN'],
      ];
      if (rnd() < 0.3) rows.push(['Order|Promotion|Principal', -dollars(1, 5), 1, 'AFN']);
      if (rnd() < 0.3) rows.push(['Order|ItemPrice|Shipping', dollars(2, 8), 1, 'AFN']);
    } else if (kind === 'Refund') {
      rows = [
        ['Refund|ItemPrice|Principal', -price, 1, 'AFN'],
        ['Refund|ItemFees|Commission', percent(price, 15n), 1, 'AFN'],
        ['Refund|ItemFees|RefundCommission', -percent(price, 3n), 1, 'AFN'],
      ];
    } else {
      rows = [['other-transaction|other-transaction|Storage Fee', -dollars(10, 90), null, '']];
    }
    for (const [typeKey, amount, quantity, fulfilmentChannel] of rows) {
      if (emitted === count) return;
      const isOther = typeKey.startsWith('other');
      yield { ...base, orderId: isOther ? null : base.orderId, sku: isOther ? null : base.sku, typeKey, amount, quantity, fulfilmentChannel: fulfilmentChannel || null };
      emitted++;
    }
  }
}

export interface GeneratedFile {
  path: string;
  lineCount: number;
  byteCount: number;
  isReused: boolean;
}

/** Writes (or reuses) a V2 file with `lineCount` detail lines at `path`. */
export async function generateAmazonV2(path: string, lineCount: number, seed = 20261122): Promise<GeneratedFile> {
  try {
    const info = await stat(path);
    if (info.size > 0) return { path, lineCount, byteCount: info.size, isReused: true };
  } catch {
    // not generated yet
  }
  await mkdir(dirname(path), { recursive: true });
  let total = 0n;
  for (const line of generateLines(lineCount, seed)) total += line.amount;
  const options: AmazonV2WriteOptions = { locale: AMAZON_LOCALES.US!, hasPromotionId: true };
  const header: SettlementHeader = {
    channel: 'AMAZON', settlementId: SETTLEMENT_ID, format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD',
    startDate: START, endDate: START + 14 * 86_400_000, depositDate: START + 16 * 86_400_000, total, status: 'closed',
    sellerId: null, sourceFile: path,
  };
  const out = createWriteStream(`${path}.partial`);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write(`${formatAmazonV2HeaderRow(options)}\n${formatAmazonV2SummaryRow(header, options)}\n`);
  let batch = '';
  for (const line of generateLines(lineCount, seed)) {
    batch += `${formatAmazonV2DetailRow(SETTLEMENT_ID, 'USD', line, options)}\n`;
    if (batch.length > 1 << 20) {
      await write(batch);
      batch = '';
    }
  }
  await write(batch);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const { rename } = await import('node:fs/promises');
  await rename(`${path}.partial`, path);
  return { path, lineCount, byteCount: (await stat(path)).size, isReused: false };
}
