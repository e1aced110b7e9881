/**
 * Deterministic (seeded) generator of a large Amazon Flat File V2 settlement for the parse benchmark:
 * US layout, 24 columns, orders of 5-7 rows (price, tax, withheld tax, fees, promotion, shipping),
 * refunds and storage fees, lines that sum exactly to the stated total. Rows look like real ones
 * (~180 bytes): random order ids, shipment ids, order-item codes, merchant ids, seller-style SKUs,
 * adjustment ids on refunds, posted-date-time, so 1,000,000 lines are ~180 MB as in issue 3. Written with the core's own V2
 * writer, streamed to disk. Two passes with the same seed: the first only sums, so the summary row
 * (which comes first) can state the total.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  AMAZON_LOCALES,
  formatAmazonV2DetailRow,
  formatAmazonV2HeaderRow,
  formatAmazonV2SummaryRow,
  type AmazonV2DetailReferences,
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
/** Bump when the generated content changes, so a file cached in bench/.data is written again. */
const LAYOUT_VERSION = '2';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const COLOURS = ['BLK', 'WHT', 'BLUE', 'RED', 'GRN', 'NAVY', 'GREY'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'OS'];

interface GeneratedRow {
  line: SettlementLine;
  references: AmazonV2DetailReferences;
}

/** Yields `count` detail rows, deterministically from `seed`, shaped like real ones (~180 bytes). */
function textMakers(rnd: () => number) {
  const digits = (n: number) => {
    let text = String(1 + Math.floor(rnd() * 9));
    while (text.length < n) text += String(Math.floor(rnd() * 10));
    return text;
  };
  const letters = (n: number) => {
    let text = '';
    while (text.length < n) text += ALPHANUMERIC[Math.floor(rnd() * ALPHANUMERIC.length)]!;
    return text;
  };
  return { digits, letters };
}

/**
 * A catalogue of SKUs (5,000 by default) as sellers write them: EAN-based, or model-colour-size (the
 * index keeps them distinct when there are more SKUs than colour-size combinations). The first draws
 * of the seed's sequence, so `generatedSkus` gives the same list without generating the file.
 */
function skuCatalogue(rnd: () => number, skuCount: number): string[] {
  const { digits, letters } = textMakers(rnd);
  return Array.from({ length: skuCount }, (_, i) =>
    i % 3 === 0
      ? `${digits(13)}-${digits(6)}-${letters(3).toLowerCase()}-${digits(2)}c${digits(5)}-${1 + (i % 4)}`
      : `${letters(2).toUpperCase()}-${digits(5)}-${COLOURS[i % COLOURS.length]!}-${SIZES[i % SIZES.length]!}${skuCount > 5000 ? `-${i}` : ''}`,
  );
}

/** The SKU catalogue the generated file draws from (the COGS benchmark gives each its lots). */
export function generatedSkus(seed: number, skuCount: number): string[] {
  return skuCatalogue(random(seed), skuCount);
}

function* generateRows(count: number, seed: number, skuCount: number): Generator<GeneratedRow> {
  const rnd = random(seed);
  const skus = skuCatalogue(rnd, skuCount);
  const { digits, letters } = textMakers(rnd);
  // Whole cents (100 units each) between min and max dollars; percentages rounded down to the cent.
  const dollars = (min: number, max: number) => BigInt(Math.floor((min + rnd() * (max - min)) * 100)) * 100n;
  const percent = (units: bigint, p: bigint) => ((units / 100n) * p / 100n) * 100n;
  const ordersExpected = count / 5.5;
  let emitted = 0;
  let order = 0;
  while (emitted < count) {
    order++;
    // Posting times spread over the 14 days, a few seconds apart, shared by all rows of an order.
    const postedAt = START + Math.floor((order / ordersExpected) * 14 * 86_400_000) + Math.floor(rnd() * 5) * 1000;
    const orderId = `11${1 + Math.floor(rnd() * 4)}-${digits(7)}-${digits(7)}`;
    const sku = skus[Math.floor(rnd() * skus.length)]!;
    const quantity = rnd() < 0.85 ? 1 : 2 + Math.floor(rnd() * 3);
    const fulfilment = rnd() < 0.7 ? 'AFN' : 'MFN';
    const orderItemCode = digits(14);
    const merchantOrderItemId = rnd() < 0.3 ? digits(12) : '';
    const base = { postedAt, orderId, sku, marketplace: 'Amazon.com', source: { file: 'bench', row: 0 } };
    const pick = rnd();
    const kind = pick < 0.9 ? 'Order' : pick < 0.98 ? 'Refund' : 'other';
    const price = dollars(5, 200) * BigInt(quantity);
    let rows: [string, bigint][];
    let references: AmazonV2DetailReferences;
    if (kind === 'Order') {
      references = { shipmentId: letters(9), orderItemCode, merchantOrderItemId };
      rows = [
        ['Order|ItemPrice|Principal', price],
        ['Order|ItemPrice|Tax', percent(price, 8n)],
        ['Order|ItemWithheldTax|MarketplaceFacilitatorTax-Principal', -percent(price, 8n)],
        ['Order|ItemFees|Commission', -percent(price, 15n)],
        ['Order|ItemFees|FBAPerUnitFulfillmentFee', -dollars(3, 9)],
      ];
      if (rnd() < 0.3) rows.push(['Order|Promotion|Principal', -dollars(1, 5)]);
      if (rnd() < 0.3) rows.push(['Order|ItemPrice|Shipping', dollars(2, 8)]);
    } else if (kind === 'Refund') {
      references = {
        merchantOrderId: orderId, adjustmentId: `amzn1:crow:${letters(22)}`, orderItemCode,
        merchantAdjustmentItemId: digits(12),
      };
      rows = [
        ['Refund|ItemPrice|Principal', -price],
        ['Refund|ItemFees|Commission', percent(price, 15n)],
        ['Refund|ItemFees|RefundCommission', -percent(price, 3n)],
      ];
    } else {
      references = {};
      rows = [['other-transaction|other-transaction|Storage Fee', -dollars(10, 90)]];
    }
    for (const [typeKey, amount] of rows) {
      if (emitted === count) return;
      const isOther = typeKey.startsWith('other');
      const isPromotion = typeKey.includes('|Promotion|');
      yield {
        line: {
          ...base, orderId: isOther ? null : base.orderId, sku: isOther ? null : base.sku, typeKey, amount,
          quantity: isOther ? null : quantity, fulfilmentChannel: isOther ? null : fulfilment,
        },
        references: isPromotion ? { ...references, promotionId: `PLM_${letters(8).toUpperCase()}` } : references,
      };
      emitted++;
    }
  }
}

/** The default catalogue keeps the version text files written before SKU counts existed. */
function layoutOf(seed: number, skuCount: number): string {
  return skuCount === 5000 ? `${LAYOUT_VERSION} ${seed}` : `${LAYOUT_VERSION} ${seed} ${skuCount}`;
}

export interface GeneratedFile {
  path: string;
  lineCount: number;
  byteCount: number;
  isReused: boolean;
}

/** Writes (or reuses) a V2 file with `lineCount` detail lines at `path`. */
export async function generateAmazonV2(path: string, lineCount: number, seed = 20261122, skuCount = 5000): Promise<GeneratedFile> {
  const versionPath = `${path}.layout`;
  try {
    const info = await stat(path);
    const version = (await readFile(versionPath, 'utf8')).trim();
    if (info.size > 0 && version === layoutOf(seed, skuCount)) return { path, lineCount, byteCount: info.size, isReused: true };
  } catch {
    // not generated yet, or by an older layout
  }
  await mkdir(dirname(path), { recursive: true });
  let total = 0n;
  for (const { line } of generateRows(lineCount, seed, skuCount)) total += line.amount;
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
  for (const { line, references } of generateRows(lineCount, seed, skuCount)) {
    batch += `${formatAmazonV2DetailRow(SETTLEMENT_ID, 'USD', line, options, references)}\n`;
    if (batch.length > 1 << 20) {
      await write(batch);
      batch = '';
    }
  }
  await write(batch);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  await rename(`${path}.partial`, path);
  await writeFile(versionPath, `${layoutOf(seed, skuCount)}\n`);
  return { path, lineCount, byteCount: (await stat(path)).size, isReused: false };
}
