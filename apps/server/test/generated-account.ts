/**
 * Test support for the round trips of issue 31 (db copy, backup/restore, account export/import): a
 * generated account (the demo's acme-amazon-us on the built-in ledger, plus a generated Amazon
 * settlement of LEDGERPORT_ROUNDTRIP_LINES lines, posted) and the API's answers about an account
 * (settlement list, each detail, postings with each posting, the ledger export), to compare before
 * and after.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Mappings, SettlementImport, TokenSet } from '@ledgerport/contract';
import { bearer } from './test-app';
import { coreFixture, form, upload, type SettlementTestServer } from './settlement-test-server';

export const GENERATED_ACCOUNT = 'acme-amazon-us';
const MYSTERY = 'other-transaction|other-transaction|New Mystery Fee';

/** Lines of the generated settlement: small by default so the suite stays quick; 100,000 for the figure. */
export const ROUNDTRIP_LINES = Number(process.env.LEDGERPORT_ROUNDTRIP_LINES ?? 1_800);

const report = fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'), 'utf8');
const [head, summary, ...body] = report.trimEnd().split('\n');

/** The fixture's settlement with its lines repeated to about `lineCount` lines under another settlement id (total scaled to match). */
export function generatedSettlement(settlementId: string, lineCount: number): string {
  const copies = Math.max(1, Math.round(lineCount / body.length));
  const cents = 3652n * BigInt(copies);
  const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const lines = [head, summary!.replace('36.52', total)];
  for (let c = 0; c < copies; c++) for (const line of body) lines.push(line.replace('112-1234567-7654321', `112-${String(c).padStart(7, '0')}-7654321`));
  return `${lines.join('\n').replaceAll('11223344556', settlementId)}\n`;
}

/** The upload limit a round-trip server needs for the generated settlement (about 110 bytes a line). */
export const ROUNDTRIP_UPLOAD_BYTES_MAX = 256 * 1024 * 1024;

/** Polls until `isDone`; a big generated settlement takes minutes to import and post on a busy machine. */
async function pollUntil<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  for (const deadline = Date.now() + Math.max(30_000, ROUNDTRIP_LINES * 6); Date.now() < deadline; ) {
    const value = await read();
    if (isDone(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Puts the account on the built-in ledger, uploads the generated settlement, maps its unknown fee and posts it. */
export async function prepareGeneratedAccount(server: SettlementTestServer, tokens: TokenSet): Promise<void> {
  const headers = bearer(tokens);
  await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', GENERATED_ACCOUNT).execute();
  // The demo data already holds the fixture's own settlement: only the generated one is new.
  const sent = await upload(server, tokens, GENERATED_ACCOUNT, [{ name: 'generated.txt', content: generatedSettlement('99887766554', ROUNDTRIP_LINES) }]);
  if (sent.statusCode !== 200) throw new Error(`the upload failed: ${sent.body}`);
  const importId = sent.json<SettlementImport>().importId;
  const done = await pollUntil(
    async () => (await server.app.inject({ method: 'GET', url: `/settlement-import?importId=${importId}`, headers })).json<SettlementImport>(),
    (imp) => imp.status === 'DONE',
    `the import ${importId}`,
  );
  const keys = done.files.flatMap((f) => f.settlements.map((s) => s.settlementKey));
  const mappings = (await server.app.inject({ method: 'GET', url: `/mappings?accountKey=${GENERATED_ACCOUNT}`, headers })).json<Mappings>();
  const other = mappings.accounts.find((a) => a.path === 'Expenses:Amazon:OtherCharges')!.code;
  const saved = await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${GENERATED_ACCOUNT}`, payload: { entries: [{ channel: 'AMAZON', typeKey: MYSTERY, accountCode: other, taxRateCode: 'NONE' }] }, headers });
  if (saved.statusCode !== 200) throw new Error(`saving the mapping failed: ${saved.body}`);
  for (const key of keys) {
    const fields: [string, string][] = [['settlementKey', key], ['action', 'send']];
    const queued = await server.app.inject({ method: 'POST', url: '/settlementSend', ...form(fields), headers: { ...form(fields).headers, ...headers } });
    if (queued.json<{ queued: string[] }>().queued.length !== 1) throw new Error(`the send of ${key} was not queued: ${queued.body}`);
    await pollUntil(
      async () => (await server.app.inject({ method: 'GET', url: `/settlement/detail?settlementKey=${key}`, headers })).json<{ settlement: { postingStatus: string } }>(),
      (d) => d.settlement.postingStatus === 'POSTED',
      `the send of ${key}`,
    );
  }
}

export interface ApiAnswers {
  list: unknown;
  details: unknown[];
  postings: unknown;
  postingDetails: unknown[];
  ledger: Record<string, string>;
}

/** What the API answers about an account: settlement list, each detail, postings and each posting, the ledger export (hledger and CSV). */
export async function apiAnswers(app: FastifyInstance, tokens: TokenSet, accountKey: string): Promise<ApiAnswers> {
  const headers = bearer(tokens);
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const listRes = await app.inject({
    method: 'POST',
    url: '/spanner-settlements-with-pagination?page=0&size=100&sort=settlementId,asc',
    payload: { paginatedSearchCriteriaClause: [[{ filterKey: 'accountKey', operation: 'eq', value: accountKey }]] },
    headers,
  });
  const list = listRes.json<{ settlements: { settlementKey: string }[] }>();
  const details = [];
  for (const s of list.settlements) details.push((await get(`/settlement/detail?settlementKey=${s.settlementKey}`)).json());
  const postings = (await get(`/postings?accountKey=${accountKey}&size=100&sort=number,asc`)).json<{ postings: { documentId: string }[] }>();
  const postingDetails = [];
  for (const p of postings.postings) postingDetails.push((await get(`/posting?documentId=${encodeURIComponent(p.documentId)}`)).json());
  const ledger: Record<string, string> = {};
  for (const format of ['hledger', 'csv']) ledger[format] = (await get(`/ledger/export?accountKey=${accountKey}&format=${format}`)).body;
  return { list, details, postings, postingDetails, ledger };
}
