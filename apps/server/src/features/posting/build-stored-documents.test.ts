import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits } from '@ledgerport/core/money';
import type { Settlement, SettlementLine } from '@ledgerport/core/settlements';
import { openTestDb, type TestDb } from '../../../test/test-db';
import { storeSettlements } from '../imports/store-settlements';
import { getAccountMappingContext, getCurrentMappings } from '../mappings/mapping-repository';
import { postingSettingsOf } from '../posting-settings/posting-settings-repository';
import { settlementDetail } from '../settlements/settlement-detail';
import { buildDocumentsOf, buildStoredDocuments } from './build-settlement-documents';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
  await testDb.db.deleteFrom('settlements').execute();
});
afterAll(() => testDb.close());

const TYPES = ['Order|ItemPrice|Principal', 'Order|ItemPrice|Tax', 'Order|ItemFees|Commission', 'Refund|ItemPrice|Principal'];
// More lines than one page of forEachStoredLine (10,000), across two months and marketplaces.
const LINE_COUNT = 23_457;
const lineOf = (i: number): SettlementLine => ({
  postedAt: Date.UTC(2026, 9, 20) + i * 120_000,
  typeKey: TYPES[i % TYPES.length]!,
  orderId: `112-${String(i).padStart(7, '0')}`,
  sku: `SKU-${i % 37}`,
  quantity: 1,
  marketplace: i % 5 === 0 ? 'Amazon.ca' : 'Amazon.com',
  fulfilmentChannel: i % 3 === 0 ? 'MFN' : 'AFN',
  amount: BigInt((i * 7919) % 20_000) * 100n - 600_000n,
  source: { file: 'big.txt', row: i + 3 },
});

describe('a settlement of many pages of lines', () => {
  it('builds the same documents from lines streamed page by page as from every line in memory, and the detail sums by type from its stored totals', async () => {
    const lines = Array.from({ length: LINE_COUNT }, (_, i) => lineOf(i));
    const total = lines.reduce((s, l) => s + l.amount, 0n);
    const settlement: Settlement = {
      channel: 'AMAZON', settlementId: '99887766554', format: 'amazon-v2', marketplace: 'Amazon.com', currency: 'USD',
      startDate: Date.UTC(2026, 9, 20), endDate: Date.UTC(2026, 10, 3), depositDate: Date.UTC(2026, 10, 5), total, status: 'closed', sellerId: null, sourceFile: 'big.txt', lines,
    };
    const stored = await testDb.db.transaction().execute((trx) => storeSettlements(trx, 'acme-amazon-us', { settlements: [settlement], problems: [] }, { kind: 'file', at: new Date('2026-11-20T00:00:00Z') }));
    const key = stored.settlements[0]!.settlementKey;
    const row = await testDb.db.selectFrom('settlements').selectAll().where('settlement_key', '=', key).executeTakeFirstOrThrow();
    const context = await getAccountMappingContext(testDb.db, 'acme-amazon-us');
    const mappings = await getCurrentMappings(testDb.db, context);
    const posting = await postingSettingsOf(testDb.db, row);
    for (const settings of [posting.settings, { ...posting.settings, groupBy: 'sku' as const, isTrackedByMarketplace: true }]) {
      const streamed = await buildStoredDocuments(testDb.db, row, context, mappings, settings);
      const inMemory = buildDocumentsOf(settlement, context, mappings, settings);
      expect(JSON.parse(JSON.stringify(streamed, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))).toEqual(JSON.parse(JSON.stringify(inMemory, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))));
      expect(streamed.documents.length).toBeGreaterThan(0);
    }
    const owner = await testDb.db.selectFrom('users').select('user_id').where('email', '=', 'demo@ledgerport.local').executeTakeFirstOrThrow();
    const detail = await settlementDetail(testDb.db, owner.user_id, key);
    expect(detail.byType.map((t) => [t.typeKey, t.lineCount])).toEqual([...TYPES].sort().map((t) => [t, lines.filter((l) => l.typeKey === t).length]));
    const sumOf = (t: string) => lines.filter((l) => l.typeKey === t).reduce((s, l) => s + l.amount, 0n);
    expect(detail.byType.map((t) => t.amount)).toEqual([...TYPES].sort().map((t) => formatUnits(sumOf(t))));
  });
});
