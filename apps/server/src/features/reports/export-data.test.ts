/**
 * Export Data on the demo data: the raw lines CSV parses back to the settlements' own sums and the
 * row count the header announced; the settlements and summary CSVs add up to the same; XLSX opens
 * with the same rows; another seller's account is not found; a too-long range is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { ErrorBody, TokenSet } from '@ledgerport/contract';
import { formatUnits, parseDecimalUnits } from '@ledgerport/core/money';
import { bearer, startTestServer, type TestServer } from '../../../test/test-app';

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
beforeAll(async () => {
  server = await startTestServer();
  [demo, other] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local');
});
afterAll(() => server.close());

const ACCOUNT = 'acme-amazon-us';
const exportOf = (query: string, tokens = demo) => server.app.inject({ method: 'GET', url: `/reports/export-data?accountKey=${ACCOUNT}&${query}`, headers: bearer(tokens) });
const units = (v: string) => parseDecimalUnits(v, '.') ?? 0n;
const sumColumn = (rows: string[][], column: number) => formatUnits(rows.reduce((s, r) => s + units(r[column]!), 0n));

/** The account's original settlements' lines total, per currency, for settlements ending in 2020..2029 (UTC account). */
async function expectedByCurrency(status?: 'closed'): Promise<Map<string, string>> {
  let q = server.testDb.db.selectFrom('settlements').select(['currency', 'lines_total']).where('account_key', '=', ACCOUNT).where('duplicate_of', 'is', null).where('end_at', 'is not', null);
  if (status) q = q.where('status', '=', status);
  const byCurrency = new Map<string, bigint>();
  for (const r of await q.execute()) byCurrency.set(r.currency, (byCurrency.get(r.currency) ?? 0n) + units(r.lines_total));
  return new Map([...byCurrency].map(([c, v]) => [c, formatUnits(v)]));
}
function sumsByCurrency(rows: string[][], currencyColumn: number, amountColumn: number): Map<string, string> {
  const currencies = [...new Set(rows.map((r) => r[currencyColumn]!))];
  return new Map(currencies.map((c) => [c, sumColumn(rows.filter((r) => r[currencyColumn] === c), amountColumn)]));
}

describe('export data', () => {
  it('streams every raw line as CSV that parses back to the settlements’ sums and the announced row count', async () => {
    const res = await exportOf('report=lines&start=2026-08-01&end=2026-10-31');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('lines-acme-amazon-us-2026-08-01-2026-10-31.csv');
    const [header, ...rows] = parse(res.body);
    expect(header).toContain('Amount');
    expect(rows.length).toBe(Number(res.headers['x-export-rows']));
    expect(rows.length).toBeGreaterThan(0);
    const lines = await server.testDb.db
      .selectFrom('settlement_lines as l')
      .innerJoin('settlements as s', 's.settlement_key', 'l.settlement_key')
      .select(['s.currency', 'l.amount'])
      .where('s.account_key', '=', ACCOUNT)
      .where('s.duplicate_of', 'is', null)
      .where('s.end_at', '>=', new Date('2026-08-01T00:00:00Z'))
      .where('s.end_at', '<', new Date('2026-11-01T00:00:00Z'))
      .execute();
    expect(rows.length).toBe(lines.length);
    const amountAt = header!.indexOf('Amount');
    expect(sumColumn(rows, amountAt)).toBe(formatUnits(lines.reduce((s, l) => s + units(l.amount), 0n)));
  });

  it('adds up the same in the settlements list and the summary', async () => {
    const settlements = parse((await exportOf('report=settlements&start=2020-01-01&end=2020-03-31')).body);
    expect(settlements).toHaveLength(1); // the header only: nothing ended then
    const list = await exportOf('report=settlements&start=2020-01-01&end=2029-12-31');
    const [listHeader, ...listRows] = parse(list.body);
    expect(listRows.length).toBe(Number(list.headers['x-export-rows']));
    expect(sumsByCurrency(listRows, listHeader!.indexOf('Currency'), listHeader!.indexOf('Lines total'))).toEqual(await expectedByCurrency());
    const summary = await exportOf('report=summary&start=2020-01-01&end=2029-12-31');
    const [summaryHeader, ...summaryRows] = parse(summary.body);
    expect(summaryRows.length).toBe(Number(summary.headers['x-export-rows']));
    expect(sumsByCurrency(summaryRows, summaryHeader!.indexOf('Currency'), summaryHeader!.indexOf('Amount'))).toEqual(await expectedByCurrency('closed'));
  });

  it('writes the same rows as XLSX', async () => {
    const res = await exportOf('report=settlements&start=2026-01-01&end=2026-12-31&format=xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Settlement');
    expect(sheet.actualRowCount - 1).toBe(Number(res.headers['x-export-rows']));
  });

  it("is not found for another seller's account, and refuses a lines range over 92 days and an unknown report", async () => {
    expect((await exportOf('report=lines&start=2026-01-01&end=2026-01-31', other)).statusCode).toBe(404);
    const long = await exportOf('report=lines&start=2026-01-01&end=2026-12-31');
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorBody>().message).toBe('A report covers at most 92 days; choose a shorter range than 2026-01-01 to 2026-12-31.');
    expect((await exportOf('report=everything&start=2026-01-01&end=2026-01-31')).statusCode).toBe(400);
  });
});
