/**
 * Export Data streams: a raw-lines export far larger than the memory bound is downloaded over a real
 * socket while the server's heap is sampled, and the heap never grows by more than the bound; the CSV
 * is parsed back as it arrives, and its row count and sum equal the settlement's. The heap is sampled
 * after a full collection every 10,000 rows, so it measures what is kept. No time assertions.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse';
import { sql } from 'kysely';
import type { TokenSet } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

const LINES = 150_000;
const HEAP_BOUND_MB = 12;

// A full collection before each sample, so the heap measured is what is live (kept), not garbage.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = () => (gc(), process.memoryUsage().heapUsed);
const ACCOUNT = 'acme-amazon-us';

let server: TestServer;
let demo: TokenSet;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  const db = server.testDb.db;
  await sql`insert into settlements (settlement_key, account_key, settlement_id, sales_source, format, marketplace, channel, currency, start_at, end_at, deposit_at,
      total, status, lines_total, line_count, duplicate_key, source_kind, source_file, report_id, search_text, accounts_mapped, taxes_mapped)
    values ('big_export', ${ACCOUNT}, 'BIG-1', 'AMAZON', 'amazon-v2', 'Amazon.com', 'Amazon.com', 'USD', '2025-01-01T00:00:00Z', '2025-01-14T00:00:00Z', '2025-01-16T00:00:00Z',
      0, 'closed', 0, ${LINES}, 'amazon:big-1:usd', 'file', 'big.txt', 'big.txt', 'big-1', true, true)`.execute(db);
  await sql`insert into settlement_lines (settlement_key, line_no, account_key, posted_at, type_key, order_id, sku, quantity, marketplace, fulfilment_channel, amount, source_file, source_row)
    select 'big_export', i, ${ACCOUNT}, timestamptz '2025-01-05T00:00:00Z', 'Order|ItemPrice|Principal', '111-' || lpad(i::text, 7, '0') || '-0000000', 'SKU-' || (i % 500), 1, 'Amazon.com', 'AFN',
      ((i % 20000) - 7000)::numeric / 100, 'big.txt', i + 1
    from generate_series(1, ${LINES}) i`.execute(db);
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => server.close());

describe('export data memory', () => {
  it(`streams ${LINES.toLocaleString('en-US')} lines within ${HEAP_BOUND_MB} MB of heap, and the CSV parses back to the same sum`, async () => {
    const expected = await sql<{ total: string }>`select sum(amount)::text as total from settlement_lines where settlement_key = 'big_export'`.execute(server.testDb.db);
    const before = liveHeap();
    let peak = before;
    let bytes = 0;
    let rows = 0;
    let total = 0n;
    {
      const res = await fetch(`${base}/reports/export-data?accountKey=${ACCOUNT}&report=lines&start=2025-01-01&end=2025-01-31`, { headers: bearer(demo) });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-export-rows'))).toBe(LINES);
      const parser = parse({ columns: true });
      const consumed = (async () => {
        for await (const record of parser as AsyncIterable<Record<string, string>>) {
          if (++rows % 10_000 === 0) peak = Math.max(peak, liveHeap());
          total += parseDecimalUnits(record.Amount!, '.') ?? 0n;
        }
      })();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
      }
      parser.end();
      await consumed;
    }
    const grownMb = (peak - before) / 2 ** 20;
    console.log(`export of ${rows} lines: ${(bytes / 2 ** 20).toFixed(1)} MB of CSV, live heap grew at most ${grownMb.toFixed(1)} MB`);
    expect(rows).toBe(LINES);
    expect(formatUnits(total)).toBe(expected.rows[0]!.total);
    expect(bytes / 2 ** 20).toBeGreaterThan(HEAP_BOUND_MB);
    expect(grownMb).toBeLessThan(HEAP_BOUND_MB);
  }, 300_000);
});
