import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryBody, ErrorBody, SaveStatementAccountsAndTaxes, SettlementDetail, TaxSettingsBody, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
const ACCOUNT = 'acme-amazon-us';

beforeAll(async () => {
  server = await startSettlementTestServer();
  demo = await server.signIn('demo@ledgerport.local');
  other = await server.signIn('other@ledgerport.local');
  viewer = await server.signIn('viewer@ledgerport.local');
  // Unmapped types post to suspense, so every settlement of the account has documents to look at.
  const mapped = await server.app.inject({ method: 'PUT', url: `/mappings?accountKey=${ACCOUNT}`, payload: { isUnmappedToSuspense: true }, headers: bearer(demo) });
  expect(mapped.statusCode).toBe(200);
}, 120_000);
afterAll(() => server.close());

const get = (url: string, tokens = demo) => server.app.inject({ method: 'GET', url, headers: bearer(tokens) });
const put = (path: string, body: unknown, tokens = demo, accountKey = ACCOUNT) => server.app.inject({ method: 'PUT', url: `${path}?accountKey=${accountKey}`, payload: body as object, headers: bearer(tokens) });
const settingsOf = async (accountKey = ACCOUNT) => (await get(`/account/tax-settings?accountKey=${accountKey}`)).json<TaxSettingsBody>();
const history = async () => (await get(`/account-settings/history?accountKey=${ACCOUNT}`)).json<{ entries: AuditEntryBody[] }>().entries;

const TAXES: SaveStatementAccountsAndTaxes = {
  taxRates: [
    { code: 'OUTPUT2', name: '20% (VAT on Income)' },
    { code: 'INPUT2', name: '20% (VAT on Expenses)' },
    { code: 'RRINPUT', name: 'Reverse Charge Expenses (20%)' },
    { code: 'NONE', name: 'No VAT' },
  ],
  rates: { sales: 'OUTPUT2', fees: 'INPUT2', reverseCharge: 'RRINPUT', noTax: 'NONE' },
  statementAccount: null,
};

async function detailOf(): Promise<SettlementDetail> {
  const row = await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', ACCOUNT).where('duplicate_of', 'is', null).where('posting_status', '=', 'NOT_POSTED').orderBy('settlement_key').executeTakeFirstOrThrow();
  return (await get(`/settlement/detail?settlementKey=${row.settlement_key}`)).json<SettlementDetail>();
}
/** Tax rate of each transaction line of the first document, by its account name. */
async function ratesByAccount(): Promise<Map<string, string>> {
  const doc = (await detailOf()).documents[0]!;
  return new Map(doc.lines.filter((l) => l.role === 'transaction').map((l) => [l.accountName, l.taxRateCode]));
}

describe('tax settings', () => {
  it('an account that never saved any posts with its mappings own tax rates, and says so', async () => {
    const s = await settingsOf();
    expect(s).toMatchObject({ isSaved: false, country: null, isRegistered: false, taxRates: [], statementAccount: null, updatedAt: null });
    expect(s.treatment.every((t) => t.taxRate === "The mapping's own tax rate")).toBe(true);
    expect(s.clearingAccount?.name).toMatch(/Clearing/);
    expect([...(await ratesByAccount()).values()].every((code) => code === s.chartTaxRates[0]!.code)).toBe(true);
  });

  it('tax rates saved, then registering in the UK books sales at the sales rate and fees with the reverse charge; both in the history', async () => {
    const saved = await put('/account/statement-accounts-and-taxes', TAXES);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<TaxSettingsBody>()).toMatchObject({ isSaved: true, taxRates: TAXES.taxRates, rates: TAXES.rates, updatedBy: 'demo@ledgerport.local' });
    // Saved but not registered: every line is booked gross, with no tax.
    expect(new Set((await ratesByAccount()).values())).toEqual(new Set(['NONE']));

    const res = await put('/account/registered-country', { country: 'GB', isRegistered: true, registrationNumber: 'GB 123 4567 89' });
    expect(res.statusCode).toBe(200);
    const body = res.json<TaxSettingsBody>();
    expect(body).toMatchObject({ country: 'GB', isRegistered: true, registrationNumber: 'GB 123 4567 89' });
    expect(body.treatment.map((t) => t.taxRate)).toEqual(['OUTPUT2 (20% (VAT on Income)), the sales rate', 'RRINPUT (Reverse Charge Expenses (20%)), the reverse charge rate', 'NONE (No VAT), the no-tax rate']);
    const rates = await ratesByAccount();
    expect(rates.get('Amazon Sales')).toBe('OUTPUT2');
    expect(rates.get('Amazon Seller Fees')).toBe('RRINPUT');

    const entries = await history();
    const country = entries.find((e) => e.action === 'account.registered-country-changed')!;
    expect(country).toMatchObject({ actorEmail: 'demo@ledgerport.local', before: { country: null, isRegistered: false }, after: { country: 'GB', isRegistered: true, registrationNumber: 'GB 123 4567 89' } });
    expect(country.summary).toBe('Changed the registered country: Registered country none → GB; VAT/GST registered off → on; Registration number none → GB 123 4567 89');
    expect(entries.find((e) => e.action === 'account.statement-accounts-and-taxes-changed')?.summary).toContain('Sales tax rate none → OUTPUT2');
  });

  it('registering outside the EU and UK books fees at the fees rate; unregistering books every line with no tax', async () => {
    expect((await put('/account/registered-country', { country: 'AU', isRegistered: true, registrationNumber: '51 824 753 556' })).statusCode).toBe(200);
    expect((await ratesByAccount()).get('Amazon Seller Fees')).toBe('INPUT2');
    expect((await put('/account/registered-country', { country: 'AU', isRegistered: false, registrationNumber: null })).statusCode).toBe(200);
    expect(new Set((await ratesByAccount()).values())).toEqual(new Set(['NONE']));
    const latest = (await history()).find((e) => e.action === 'account.registered-country-changed')!;
    expect(latest).toMatchObject({ before: { isRegistered: true, registrationNumber: '51 824 753 556' }, after: { isRegistered: false, registrationNumber: null } });
    expect(latest.after).not.toHaveProperty('country');
  });

  it('the statement account replaces the clearing account on the payout line of the preview', async () => {
    const res = await put('/account/statement-accounts-and-taxes', { ...TAXES, statementAccount: { code: '090', name: 'Business Bank Account' } });
    expect(res.statusCode).toBe(200);
    const clearing = (await detailOf()).documents.at(-1)!.lines.find((l) => l.role === 'clearing')!;
    expect(clearing).toMatchObject({ accountCode: '090', accountName: 'Business Bank Account' });
  });

  it('saving the same values again records nothing', async () => {
    const count = (await history()).length;
    expect((await put('/account/registered-country', { country: 'AU', isRegistered: false, registrationNumber: null })).statusCode).toBe(200);
    expect((await history()).length).toBe(count);
  });

  it('refuses a registration without its number, an unknown country and a chosen rate missing from the list, naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['/account/registered-country', { country: 'GB', isRegistered: true, registrationNumber: null }, 'Enter the VAT or GST registration number.'],
      ['/account/registered-country', { country: null, isRegistered: true, registrationNumber: 'GB123456789' }, 'Choose the country the business is registered for VAT or GST in.'],
      ['/account/registered-country', { country: 'XX', isRegistered: false, registrationNumber: null }, 'Choose a country from the list.'],
      ['/account/registered-country', { country: 'GB', isRegistered: true, registrationNumber: 'GB#1234' }, 'only letters and digits'],
      ['/account/statement-accounts-and-taxes', { ...TAXES, rates: { ...TAXES.rates, sales: 'OUTPUT9' } }, 'The sales rate "OUTPUT9" is not in the list of tax rates'],
      ['/account/statement-accounts-and-taxes', { ...TAXES, taxRates: [...TAXES.taxRates, { code: 'NONE', name: 'Again' }] }, 'Another tax rate already has the code "NONE".'],
    ];
    const before = await settingsOf();
    for (const [path, body, message] of cases) {
      const res = await put(path, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json<ErrorBody>().message).toContain(message);
    }
    expect(await settingsOf()).toEqual(before);
  });
});

describe('who may change them', () => {
  it('a view-only member reads the tax settings but cannot change them', async () => {
    const before = await settingsOf();
    expect((await get(`/account/tax-settings?accountKey=${ACCOUNT}`, viewer)).json<TaxSettingsBody>()).toEqual(before);
    for (const res of [await put('/account/registered-country', { country: 'DE', isRegistered: true, registrationNumber: 'DE123456789' }, viewer), await put('/account/statement-accounts-and-taxes', { ...TAXES, statementAccount: null }, viewer)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
    }
    expect(await settingsOf()).toEqual(before);
  });

  it("another account's user cannot read or change them (not found, nothing saved)", async () => {
    const before = await settingsOf();
    for (const res of [
      await get(`/account/tax-settings?accountKey=${ACCOUNT}`, other),
      await put('/account/registered-country', { country: 'DE', isRegistered: true, registrationNumber: 'DE123456789' }, other),
      await put('/account/statement-accounts-and-taxes', TAXES, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
    expect(await settingsOf()).toEqual(before);
  });
});
