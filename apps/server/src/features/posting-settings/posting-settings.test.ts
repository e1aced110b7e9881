import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryBody, ErrorBody, Mappings, PostingSettingsBody, ProductTypePreview, ReprocessPreview, SendResult, SettlementDetail, TokenSet } from '@ledgerport/contract';
import { parseReport } from '@ledgerport/core/channels';
import { bearer } from '../../../test/test-app';
import { storeSettlements } from '../imports/store-settlements';
import { coreFixture, form, startSettlementTestServer, waitFor, type SettlementTestServer } from '../../../test/settlement-test-server';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
const ACCOUNT = 'acme-amazon-us';

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  // Unmapped types post to suspense, so every settlement of the account has documents to look at.
  const mapped = await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${ACCOUNT}`, payload: { isUnmappedToSuspense: true }, headers: bearer(demo) });
  expect(mapped.statusCode).toBe(200);
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const put = (body: unknown, tokens = demo, accountKey = ACCOUNT) => server.app.inject({ method: 'PUT', url: `/account/posting-settings?accountKey=${accountKey}`, payload: body as object, headers: bearer(tokens) });
const settingsOf = async (accountKey = ACCOUNT) => (await get(`/account/posting-settings?accountKey=${accountKey}`)).json<PostingSettingsBody>();
const history = async () => (await get(`/account-settings/history?accountKey=${ACCOUNT}`)).json<{ entries: AuditEntryBody[] }>().entries;

/** A seeded settlement of the account: consistent, and the oldest stored (never one a test stored on hold). */
async function demoSettlementKey(accountKey: string): Promise<string> {
  const row = await server.testDb.db
    .selectFrom('settlements')
    .select('settlement_key')
    .where('account_key', '=', accountKey)
    .where('duplicate_of', 'is', null)
    .where('inconsistent', '=', false)
    .orderBy('created_at')
    .orderBy('settlement_key')
    .executeTakeFirstOrThrow();
  return row.settlement_key;
}

/** The Amazon fixture stored again under another id with a deposit 1.00 higher than its lines. */
async function storeInconsistent(settlementId: string): Promise<string> {
  const result = await parseReport(new Uint8Array(fs.readFileSync(coreFixture('amazon', 'us-v2-promotion-reserve.txt'))), { fileName: `${settlementId}.txt` });
  const s = result.settlements[0]!;
  s.settlementId = settlementId;
  s.total = s.total! + 10_000n;
  const stored = await server.testDb.db.transaction().execute((trx) => storeSettlements(trx, ACCOUNT, result, { kind: 'file', at: server.clock() }));
  return stored.settlements[0]!.settlementKey;
}

describe('posting settings', () => {
  it("answers core's defaults (version 0) for an account that never saved any", async () => {
    const s = await settingsOf('acme-shopify');
    expect(s).toMatchObject({ version: 0, groupBy: 'type', isSplitByMonth: true, shouldSplitByCountry: false, isTrackedByMarketplace: false, trackingCategoryName: 'Marketplace', inconsistentSettlements: 'suspense', productTypes: [], heldCount: 0 });
  });

  it('grouping by SKU saves a new version, changes the documents the detail shows, and is in the history', async () => {
    const key = await demoSettlementKey(ACCOUNT);
    const before = (await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>();
    expect(before.documents[0]!.lines.some((l) => l.sources.selector.sku)).toBe(false);
    const res = await put({ groupBy: 'sku', isTrackedByMarketplace: true, trackingCategoryName: 'Channel' });
    expect(res.statusCode).toBe(200);
    expect(res.json<PostingSettingsBody>()).toMatchObject({ version: 1, groupBy: 'sku', isTrackedByMarketplace: true, trackingCategoryName: 'Channel', updatedBy: 'demo@ledgerport.local' });
    const after = (await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>();
    const skus = after.documents[0]!.lines.flatMap((l) => (l.sources.selector.sku ? [l.sources.selector.sku] : []));
    expect(skus).toContain('SKU-RED-1');
    expect(after.documents[0]!.settingsVersion).toBe(1);
    expect(after.documents[0]!.lines.filter((l) => l.role === 'transaction').every((l) => l.tracking.some((t) => t.name === 'Channel' && t.option === 'Amazon.com'))).toBe(true);
    const [latest] = await history();
    expect(latest).toMatchObject({ action: 'account.posting-settings-changed', actorEmail: 'demo@ledgerport.local', before: { groupBy: 'type' }, after: { groupBy: 'sku' } });
    expect(latest!.summary).toContain('Group sales by type → sku');
  });

  it('saving the same values again adds no version and no history entry', async () => {
    const count = (await history()).length;
    const res = await put({ groupBy: 'sku' });
    expect(res.json<PostingSettingsBody>().version).toBe(1);
    expect(await history()).toHaveLength(count);
  });

  it('changes the time zone and the country split on the account as well', async () => {
    const res = await put({ timeZoneId: 'America/New_York', shouldSplitByCountry: true });
    expect(res.json<PostingSettingsBody>()).toMatchObject({ version: 2, timeZoneId: 'America/New_York', shouldSplitByCountry: true });
    const account = await server.testDb.db.selectFrom('accounts').select(['time_zone_id', 'should_split_by_country']).where('account_key', '=', ACCOUNT).executeTakeFirstOrThrow();
    expect(account).toEqual({ time_zone_id: 'America/New_York', should_split_by_country: true });
    await put({ timeZoneId: 'UTC', shouldSplitByCountry: false });
  });
});

describe('bad input', () => {
  it('refuses an unknown groupBy, naming the field', async () => {
    const res = await put({ groupBy: 'brand' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('request.invalid');
    expect(body.details).toEqual([expect.objectContaining({ path: 'groupBy' })]);
  });

  it('refuses an invalid pattern and a look-around, naming the rule field', async () => {
    const res = await put({ productTypes: [{ name: 'Tents', skus: [], pattern: 'TENT-(' }, { name: 'Not XL', skus: [], pattern: '^TENT-(?!XL)' }] });
    expect(res.statusCode).toBe(400);
    const details = res.json<ErrorBody>().details as { path: string; message: string }[];
    expect(details.map((d) => d.path)).toEqual(['productTypes.0.pattern', 'productTypes.1.pattern']);
    expect(details[0]!.message).toMatch(/not a valid regular expression/);
    expect(details[1]!.message).toMatch(/looks ahead or behind/);
  });

  it('refuses a rule with neither SKUs nor pattern, a duplicate name, the reserved name and an unknown time zone', async () => {
    const res = await put({
      timeZoneId: 'Mars/Olympus',
      productTypes: [{ name: 'Tents', skus: [], pattern: null }, { name: 'Bags', skus: ['B-1'], pattern: null }, { name: 'bags', skus: ['B-2'], pattern: null }, { name: 'Unassigned', skus: ['X'], pattern: null }],
    });
    expect(res.statusCode).toBe(400);
    const details = res.json<ErrorBody>().details as { path: string }[];
    expect(details.map((d) => d.path).sort()).toEqual(['productTypes.0.skus', 'productTypes.2.name', 'productTypes.3.name', 'timeZoneId']);
  });

  it('refuses an unknown field', async () => {
    const res = await put({ groupBy: 'type', colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toContain('"colour"');
  });
});

describe('another account', () => {
  it("cannot read, change, preview or see the history of this account's settings (not found, nothing saved)", async () => {
    const version = (await settingsOf()).version;
    for (const res of [
      await get(`/account/posting-settings?accountKey=${ACCOUNT}`, other),
      await put({ groupBy: 'country' }, other),
      await server.app.inject({ method: 'POST', url: `/account/product-types/preview?accountKey=${ACCOUNT}`, payload: { productTypes: [] }, headers: bearer(other) }),
      await get(`/account-settings/history?accountKey=${ACCOUNT}`, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
    expect((await settingsOf()).version).toBe(version);
  });

  it('cannot release a hold on this account', async () => {
    const key = await demoSettlementKey(ACCOUNT);
    const res = await server.app.inject({ method: 'POST', url: `/settlement/release-hold?settlementKey=${key}`, headers: bearer(other) });
    expect(res.statusCode).toBe(404);
  });
});

describe('product types', () => {
  it("previews how many of the account's SKUs each rule catches, in order, and how many stay Unassigned", async () => {
    const skus = await server.testDb.db.selectFrom('settlement_lines').select('sku').distinct().where('account_key', '=', ACCOUNT).where('sku', 'is not', null).execute();
    const all = skus.map((r) => r.sku!);
    const red = all.filter((s) => s.startsWith('SKU-RED'));
    expect(red.length).toBeGreaterThan(0);
    const res = await server.app.inject({
      method: 'POST',
      url: `/account/product-types/preview?accountKey=${ACCOUNT}`,
      payload: { productTypes: [{ name: 'Red', skus: [], pattern: '^SKU-RED' }, { name: 'Also red', skus: [red[0]!], pattern: null }] },
      headers: bearer(demo),
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json<ProductTypePreview>();
    expect(preview.skuCount).toBe(all.length);
    expect(preview.rules).toEqual([
      { name: 'Red', skuCount: red.length, examples: red.slice(0, 5).sort() },
      { name: 'Also red', skuCount: 0, examples: [] },
    ]);
    expect(preview.unassigned).toMatchObject({ label: 'Unassigned', value: 'unassigned', skuCount: all.length - red.length });
  });

  it('grouping by product type posts a line per type, the rest as Unassigned', async () => {
    await put({ groupBy: 'product-type', productTypes: [{ name: 'Red things', skus: [], pattern: '^SKU-RED' }] });
    const detail = (await get(`/settlement/detail?settlementKey=${await demoSettlementKey(ACCOUNT)}`)).json<SettlementDetail>();
    const types = new Set(detail.documents.flatMap((d) => d.lines.flatMap((l) => (l.sources.selector.productType ? [l.sources.selector.productType] : []))));
    expect(types.has('Red things')).toBe(true);
    await put({ groupBy: 'sku' });
  });
});

describe('inconsistent settlements', () => {
  it('hold: held settlements are badged with the reason, Send refuses them, suspense releases them', async () => {
    const key = await storeInconsistent('HOLD-1');
    const res = await put({ inconsistentSettlements: 'hold' });
    expect(res.json<PostingSettingsBody>()).toMatchObject({ inconsistentSettlements: 'hold', heldCount: 1 });
    const detail = (await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>();
    expect(detail.settlement.onHold).toBe(true);
    expect(detail.settlement.onHoldReason).toContain('differ by 1.00 USD');
    expect(detail.settlement.badges).toContain('on-hold');
    expect(detail.documents).toEqual([]);
    expect(detail.problems.map((p) => p.code).filter((c) => c !== 'unmapped-type')).toEqual(['held']);
    const send = await server.app.inject({ method: 'POST', url: '/settlementSend', ...form([['settlementKey', key], ['action', 'send']]), headers: { ...form([]).headers, ...bearer(demo) } });
    const result = send.json<SendResult>();
    expect(result.queued).toEqual([]);
    expect(result.skipped[0]!.reason).toMatch(/Settlement HOLD-1 is on hold and was not sent\..*Release it.*Post with a suspense line/);
    await put({ inconsistentSettlements: 'suspense' });
    const released = (await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>();
    expect(released.settlement.onHold).toBe(false);
    expect(released.documents[0]!.lines.some((l) => l.role === 'unreconciled-difference')).toBe(true);
  });

  it('a settlement stored while the account holds inconsistent ones is held at once', async () => {
    await put({ inconsistentSettlements: 'hold' });
    const key = await storeInconsistent('HOLD-2');
    expect((await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>().settlement.onHold).toBe(true);
  });

  it('releasing one settlement posts it with the suspense line while the account keeps holding the others', async () => {
    const key = await storeInconsistent('HOLD-3');
    const res = await server.app.inject({ method: 'POST', url: `/settlement/release-hold?settlementKey=${key}`, headers: bearer(demo) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toContain('was released');
    const detail = (await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>();
    expect(detail.settlement.onHold).toBe(false);
    expect(detail.documents[0]!.lines.some((l) => l.role === 'unreconciled-difference')).toBe(true);
    expect(detail.problems.map((p) => p.code).filter((c) => c !== 'unmapped-type')).toEqual(['inconsistent']);
    // Saving the settings again does not hold it a second time.
    await put({ inconsistentSettlements: 'suspense' });
    await put({ inconsistentSettlements: 'hold' });
    expect((await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>().settlement.onHold).toBe(false);
    expect((await history())[0]!.summary).toContain('Inconsistent settlements suspense → hold');
    expect((await history()).some((e) => e.action === 'settlement.hold-released')).toBe(true);
  });
});

describe('posted documents', () => {
  it('record the settings version they were built with, and reprocess after a grouping change shows the difference', { timeout: 60_000 }, async () => {
    await server.testDb.db.updateTable('accounts').set({ accounting_system: 'MANUAL' }).where('account_key', '=', ACCOUNT).execute();
    const chart = (await get(`/mappings?accountKey=${ACCOUNT}`)).json<Mappings>();
    const otherCharges = chart.accounts.find((a) => a.path === 'Expenses:Amazon:OtherCharges')!.code;
    const entries = [{ channel: 'AMAZON', typeKey: 'other-transaction|other-transaction|New Mystery Fee', accountCode: otherCharges, taxRateCode: 'NONE' }];
    expect((await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${ACCOUNT}`, payload: { entries }, headers: bearer(demo) })).statusCode).toBe(200);
    const key = await demoSettlementKey(ACCOUNT);
    const version = (await settingsOf()).version;
    const send = await server.app.inject({ method: 'POST', url: '/settlementSend', ...form([['settlementKey', key], ['action', 'send']]), headers: { ...form([]).headers, ...bearer(demo) } });
    expect(send.json<SendResult>(), send.body).toMatchObject({ queued: [key] });
    const sent = await waitFor(() => get(`/settlement/detail?settlementKey=${key}`).then((r) => r.json<SettlementDetail>()), (d) => d.settlement.sendState === 'IDLE' || d.settlement.sendState === 'FAILED', 'the post');
    expect(sent.settlement).toMatchObject({ postingError: null, postingStatus: 'POSTED' });
    const stored = await server.testDb.db.selectFrom('settlement_documents').select(['settings_version', 'status']).where('settlement_key', '=', key).execute();
    expect(stored).toEqual([{ settings_version: version, status: 'POSTED' }]);
    expect((await get(`/settlement/detail?settlementKey=${key}`)).json<SettlementDetail>().documents[0]!.settingsVersion).toBe(version);
    await put({ groupBy: 'type' });
    const preview = await get(`/settlement?ajax=true&action=reprocess&settlementKey=${key}`);
    const body = preview.json<{ preview: ReprocessPreview }>();
    expect(body.preview.hasChanges).toBe(true);
    // The per-SKU lines go, the per-type lines come.
    const changedLines = body.preview.documents.flatMap((d) => d.lines);
    expect(changedLines.some((l) => l.description.includes('SKU-RED-1') && l.after === null)).toBe(true);
    expect(changedLines.some((l) => l.before === null)).toBe(true);
  });
});
