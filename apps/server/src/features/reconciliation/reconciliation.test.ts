/**
 * Reconciliation reports over the demo data: acme-amazon-us's settlement 11223344556 (36.52 USD,
 * ended 2026-10-15) against a bank CSV, and acme-shopify's orders against its payouts.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ReconciliationReport, ReconciliationRowBody, ResponseOf, TokenSet, getReconciliationReport } from '@ledgerport/contract';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../../test/test-app';

type Detail = ResponseOf<typeof getReconciliationReport>;

let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;

const BANK_CSV = [
  'Acme Outdoor checking account,,,',
  'Date,Description,Amount,Currency',
  '2026-10-16,Coffee,-4.50,USD',
  '2026-10-18,AMAZON.COM SERVICES 11223344556,36.52,USD',
  '2026-10-19,=HYPERLINK("http://x") wire,250.00,USD',
  '',
].join('\n');

function multipart(fileName: string, content: string) {
  const boundary = 'ledgerport-test-boundary';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function create(query: string, fileName: string, content: string, tokens = demo) {
  const body = multipart(fileName, content);
  const res = await server.app.inject({ method: 'POST', url: `/reconciliation-reports?${query}`, payload: body.payload, headers: { ...body.headers, ...bearer(tokens) } });
  return { status: res.statusCode, body: res.json<ReconciliationReport & ErrorBody>() };
}

const get = async <T>(url: string, tokens = demo) => {
  const res = await server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
  return { status: res.statusCode, body: res.body ? (res.headers['content-type']?.toString().startsWith('text/csv') ? (res.body as T) : res.json<T>()) : (undefined as T), headers: res.headers };
};

const reportCount = async () => Number((await server.testDb.db.selectFrom('reconciliation_reports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await startTestServer({ jobs: createDiscardingJobs() });
  [demo, other, viewer] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'viewer@ledgerport.local');
});
afterAll(() => server.close());

describe('a reconciliation of settlements against a bank statement', () => {
  let report: ReconciliationReport;
  beforeAll(async () => {
    const res = await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31', 'october.csv', BANK_CSV);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    report = res.body;
  });

  it('matches the settlement to the deposit of its amount and lists the other credit with its reason', async () => {
    expect(report).toMatchObject({ kind: 'deposits', fileName: 'october.csv', format: 'csv', start: '2026-10-01', end: '2026-10-31', daysAfterMin: 0, daysAfterMax: 5, createdBy: 'demo@ledgerport.local' });
    expect(report.counts).toEqual({ settlements: 1, deposits: 2, matched: 1, unmatchedSettlements: 0, unmatchedDeposits: 1, ignored: 1, orders: 0, paidOrders: 0, unpaidOrders: 0 });
    expect(report.totals).toEqual([{ currency: 'USD', settlementTotal: '36.52', depositTotal: '286.52', matchedTotal: '36.52' }]);
    const { body } = await get<Detail>(`/reconciliation-report?reconciliationReportId=${report.reconciliationReportId}`);
    expect(body.rows.map((r) => [r.kind, r.settlementId, r.depositRow, r.depositAmount, r.dateDifferenceDays])).toEqual([
      ['matched', '11223344556', 4, '36.52', 3],
      ['unmatched-deposit', null, 5, '250.00', null],
    ]);
    expect(body.rows[1]!.reason).toBe('No settlement of 250.00 USD ended between 2026-10-14 and 2026-10-19.');
  });

  it('pages the rows of one outcome', async () => {
    const { body } = await get<Detail>(`/reconciliation-report?reconciliationReportId=${report.reconciliationReportId}&rowKind=unmatched-deposit&size=1`);
    expect(body.pagination).toMatchObject({ totalRows: 1, perPage: 1, currentPage: 0 });
    expect(body.rows.map((r: ReconciliationRowBody) => r.kind)).toEqual(['unmatched-deposit']);
  });

  it('is listed, newest first, for the account and its view-only member', async () => {
    for (const tokens of [demo, viewer]) {
      const { status, body } = await get<{ reports: ReconciliationReport[] }>('/reconciliation-reports?accountKey=acme-amazon-us', tokens);
      expect(status).toBe(200);
      expect(body.reports[0]?.reconciliationReportId).toBe(report.reconciliationReportId);
    }
  });

  it('exports every row as CSV, with amounts as numbers and formula text escaped', async () => {
    const { status, body, headers } = await get<string>(`/reconciliation-report/export?reconciliationReportId=${report.reconciliationReportId}`);
    expect(status).toBe(200);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="reconciliation-acme-amazon-us-/);
    const lines = body.trim().split('\n');
    expect(lines[0]).toBe('Outcome,Settlement,Settlement currency,Settlement amount,Settlement end date,File line,Bank date,Bank amount,Bank currency,Bank description,Bank reference,Order,Days after end,Amount difference,Reason');
    expect(lines[1]).toBe('Matched,11223344556,USD,36.52,2026-10-15,4,2026-10-18,36.52,USD,AMAZON.COM SERVICES 11223344556,,,3,0.00,"Paid 36.52 USD on 2026-10-18, 3 days after the settlement ended."');
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://x"") wire",`);
  });

  it("is not found for a user of another account, whatever they ask", async () => {
    const id = report.reconciliationReportId;
    for (const url of [`/reconciliation-report?reconciliationReportId=${id}`, `/reconciliation-report/export?reconciliationReportId=${id}`]) {
      const { status, body } = await get<ErrorBody>(url, other);
      expect(status).toBe(404);
      expect(body.code).toBe('reconciliation.not-found');
    }
    const removal = await server.app.inject({ method: 'DELETE', url: `/reconciliation-report?reconciliationReportId=${id}`, headers: bearer(other) });
    expect(removal.statusCode).toBe(404);
    expect((await get<ErrorBody>('/reconciliation-reports?accountKey=acme-amazon-us', other)).body.code).toBe('account.not-found');
    expect((await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31', 'x.csv', BANK_CSV, other)).status).toBe(404);
  });

  it('a view-only member may read but not make or delete one', async () => {
    expect((await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31', 'x.csv', BANK_CSV, viewer)).status).toBe(403);
    const removal = await server.app.inject({ method: 'DELETE', url: `/reconciliation-report?reconciliationReportId=${report.reconciliationReportId}`, headers: bearer(viewer) });
    expect(removal.statusCode).toBe(403);
  });

  it('finds no deposit 0.01 off, and says which one was closest', async () => {
    const res = await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31', 'short.csv', 'Date,Description,Amount\n2026-10-17,AMAZON,36.51\n');
    expect(res.body.counts).toMatchObject({ matched: 0, unmatchedSettlements: 1, unmatchedDeposits: 1 });
    const { body } = await get<Detail>(`/reconciliation-report?reconciliationReportId=${res.body.reconciliationReportId}&rowKind=unmatched-settlement`);
    expect(body.rows[0]).toMatchObject({ settlementId: '11223344556', amountDifference: '-0.01', reason: 'No deposit of 36.52 USD between 2026-10-15 and 2026-10-20. The closest is 36.51 USD on 2026-10-17 (line 2), 0.01 less.' });
  });

  it('deletes a report and its rows', async () => {
    const made = await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31', 'gone.csv', BANK_CSV);
    const id = made.body.reconciliationReportId;
    const removal = await server.app.inject({ method: 'DELETE', url: `/reconciliation-report?reconciliationReportId=${id}`, headers: bearer(demo) });
    expect(removal.statusCode).toBe(204);
    expect((await get<ErrorBody>(`/reconciliation-report?reconciliationReportId=${id}`)).status).toBe(404);
    const rows = await server.testDb.db.selectFrom('reconciliation_report_rows').select('row_no').where('report_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});

describe('OFX and CAMT.053 statements', () => {
  it('reads an OFX statement: the payout matched to its credit, the negative payout to the debit the channel took', async () => {
    const ofx = ['OFXHEADER:100', 'DATA:OFXSGML', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>']
      .concat(['<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250630<TRNAMT>-17.42<FITID>A1<NAME>SHOPIFY DEBIT</STMTTRN>', '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250702120000[-5:EST]<TRNAMT>1654.23<FITID>A2<NAME>SHOPIFY PAYOUT</STMTTRN>'])
      .concat(['</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>', ''])
      .join('\r\n');
    const res = await create('accountKey=acme-shopify&start=2025-06-01&end=2025-07-31', 'june.ofx', ofx);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'ofx', counts: { settlements: 2, matched: 2, unmatchedSettlements: 0, unmatchedDeposits: 0, ignored: 0 } });
    const { body } = await get<Detail>(`/reconciliation-report?reconciliationReportId=${res.body.reconciliationReportId}&rowKind=matched`);
    expect(body.rows.map((r) => [r.settlementId, r.depositReference, r.depositAmount])).toEqual([
      ['2025-06-30', 'A1', '-17.42'],
      ['2025-07-01', 'A2', '1654.23'],
    ]);
  });

  it('reads a CAMT.053 statement and names its format', async () => {
    const camt = fs.readFileSync(new URL('../../../../../packages/core/src/reconciliation/__fixtures__/camt053-sample.xml', import.meta.url), 'utf8');
    const res = await create('accountKey=acme-shopify&start=2025-06-01&end=2025-07-31', 'march.xml', camt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The statement is of March 2026 in GBP: nothing of it is compared with payouts of June 2025.
    expect(res.body).toMatchObject({ format: 'camt053', counts: { settlements: 2, deposits: 0, matched: 0, unmatchedSettlements: 2, ignored: 2 } });
  });
});

describe('a file that cannot be read', () => {
  it('is refused with 400 naming the row and column, and nothing is saved', async () => {
    const before = await reportCount();
    const res = await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31', 'bad.csv', 'Date,Description,Amount\n2026-10-16,A,1.00\n2026-10-17,B,12.x0\n');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('reconciliation.file-problems');
    expect(res.body.message).toBe('The bank statement bad.csv could not be read: Row 3, column Amount: "12.x0" is not an amount. Nothing was saved.');
    expect(res.body.details).toMatchObject({ problems: [{ row: 3, column: 'Amount' }] });
    expect(await reportCount()).toBe(before);
  });

  it('is refused when the window is empty or the dates are missing', async () => {
    expect((await create('accountKey=acme-amazon-us&start=2026-10-01&end=2026-10-31&daysAfterMin=4&daysAfterMax=2', 'a.csv', BANK_CSV)).status).toBe(400);
    expect((await create('accountKey=acme-amazon-us', 'a.csv', BANK_CSV)).body.message).toMatch(/Choose the dates/);
  });
});

describe('orders against settlements', () => {
  it('says which orders were paid in which payout and which are unpaid (an order of an open payout is not paid yet)', async () => {
    const res = await create('accountKey=acme-shopify&kind=orders', 'orders.csv', 'Name,Total\n#42901,10.00\n43001,5.00\n#42990,1.00\n#99999,2.00\n');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counts).toMatchObject({ orders: 4, paidOrders: 2, unpaidOrders: 2 });
    const { body } = await get<Detail>(`/reconciliation-report?reconciliationReportId=${res.body.reconciliationReportId}`);
    expect(body.rows.map((r) => [r.orderId, r.kind, r.settlementId])).toEqual([
      ['#42901', 'paid-order', '2025-06-30'],
      ['43001', 'paid-order', '2025-07-01'],
      ['#42990', 'unpaid-order', null],
      ['#99999', 'unpaid-order', null],
    ]);
  });
});
