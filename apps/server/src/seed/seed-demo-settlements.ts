/**
 * Real settlements for the demo accounts, parsed from core's golden fixtures (real-shaped channel
 * reports; never invented numbers) and stored through storeSettlements like any upload. Small files
 * only, so the seed (and the test database template built from it) stays fast.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { parseReport } from '@ledgerport/core/channels';
import type { ParseResult } from '@ledgerport/core/settlements';
import { storeSettlements } from '../features/imports/store-settlements';

const channelsDir = fileURLToPath(new URL('../../../../packages/core/src/channels', import.meta.url));

export const demoSettlementFiles: { accountKey: string; file: string }[] = [
  { accountKey: 'acme-amazon-us', file: 'amazon/__fixtures__/us-v2-promotion-reserve.txt' },
  { accountKey: 'acme-amazon-ca', file: 'amazon/__fixtures__/ca-v1-36-columns.txt' },
  { accountKey: 'acme-shopify', file: 'shopify/__fixtures__/payment_transactions_export_16col.csv' },
  { accountKey: 'acme-shopify', file: 'shopify/__fixtures__/payment_transactions_export_gift_cards.csv' },
  { accountKey: 'acme-ebay', file: 'ebay/__fixtures__/transaction_report_2023_07.csv' },
];

/** Parses the demo files (outside any transaction: parsing needs no database). */
export async function parseDemoSettlements(): Promise<{ accountKey: string; result: ParseResult }[]> {
  const parsed: { accountKey: string; result: ParseResult }[] = [];
  for (const { accountKey, file } of demoSettlementFiles) {
    const bytes = fs.readFileSync(path.join(channelsDir, file));
    parsed.push({ accountKey, result: await parseReport(new Uint8Array(bytes), { fileName: path.basename(file) }) });
  }
  return parsed;
}

export async function storeDemoSettlements(trx: Kysely<Database>, parsed: { accountKey: string; result: ParseResult }[], at: Date): Promise<void> {
  for (const { accountKey, result } of parsed) {
    await storeSettlements(trx, accountKey, result, { kind: 'file', loadReadable: true, at });
  }
}
