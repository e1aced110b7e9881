/**
 * The assisted setup questionnaire's six calls (issue 15, spec section 7, decision 0022): save as you
 * go, finish once (idempotent, then locked), delete only before finishing, quick setup's posting
 * settings, whether the onboarding flow shows it, and refusal across accounts and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, OnboardingQuestionnaire, TokenSet } from '@ledgerport/contract';
import { bearer, createDiscardingJobs, startTestServer, type TestServer } from '../../../test/test-app';

const BASE = '/public/onboarding/questionnaire';
let server: TestServer;
let demo: TokenSet;
let other: TokenSet;
let viewer: TokenSet;
let admin: TokenSet;

beforeAll(async () => {
  server = await startTestServer({ jobs: createDiscardingJobs() });
  [demo, other, viewer, admin] = await server.signInAll('demo@ledgerport.local', 'other@ledgerport.local', 'viewer@ledgerport.local', 'admin@ledgerport.local');
});
afterAll(() => server.close());

const call = (tokens: TokenSet, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const check = async (tokens: TokenSet, accountKey: string) => (await call(tokens, 'GET', `${BASE}/shouldShowAssistedSetup/${accountKey}`)).json<{ shouldShow: boolean; reason: string; questionnaireStatus: string }>();
const auditCount = async (accountKey: string) =>
  Number((await server.testDb.db.selectFrom('audit_log').select((e) => e.fn.countAll<string>().as('n')).where('account_key', '=', accountKey).executeTakeFirstOrThrow()).n);

describe('GET shouldShowAssistedSetup/{id}', () => {
  it('offers it while accounts and taxes are not set up, not once they are, and never to a view-only member', async () => {
    expect(await check(demo, 'trial-etsy')).toEqual({ accountKey: 'trial-etsy', shouldShow: true, reason: 'not-started', questionnaireStatus: 'none' });
    await server.testDb.db.updateTable('accounts').set({ mappings_completed: true }).where('account_key', '=', 'acme-amazon-ca').execute();
    expect(await check(demo, 'acme-amazon-ca')).toMatchObject({ shouldShow: false, reason: 'onboarded' });
    expect(await check(viewer, 'acme-amazon-us')).toMatchObject({ shouldShow: false, reason: 'read-only' });
  });
});

describe('the questionnaire of one account, from start to finish', () => {
  it('starts with the answers given so far, once', async () => {
    const res = await call(demo, 'POST', BASE, { accountKey: 'trial-etsy', businessType: 'company', salesChannels: ['ETSY', 'SHOPIFY'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OnboardingQuestionnaire>()).toMatchObject({
      id: 'trial-etsy',
      status: 'draft',
      createdBy: 'demo@ledgerport.local',
      answers: { businessType: 'company', salesChannels: ['ETSY', 'SHOPIFY'], sellingCountries: [], monthlyOrderVolume: null, quickSetup: false },
      finalizedAt: null,
    });
    const again = await call(demo, 'POST', BASE, { accountKey: 'trial-etsy' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().code).toBe('questionnaire.exists');
    expect(await check(demo, 'trial-etsy')).toMatchObject({ shouldShow: true, reason: 'in-progress', questionnaireStatus: 'draft' });
  });

  it('saves as the seller goes: fields sent change, fields left out keep their value, null clears, and each save is audited', async () => {
    const before = await auditCount('trial-etsy');
    const res = await call(demo, 'PUT', BASE, { accountKey: 'trial-etsy', sellingCountries: ['us', 'CA'], monthlyOrderVolume: '100-999', notes: 'Moving from spreadsheets.', businessType: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OnboardingQuestionnaire>().answers).toMatchObject({ businessType: null, salesChannels: ['ETSY', 'SHOPIFY'], sellingCountries: ['US', 'CA'], monthlyOrderVolume: '100-999', notes: 'Moving from spreadsheets.' });
    expect(await auditCount('trial-etsy')).toBe(before + 1);
    // The same answers again change nothing and write no audit entry.
    await call(demo, 'PUT', BASE, { accountKey: 'trial-etsy', monthlyOrderVolume: '100-999' });
    expect(await auditCount('trial-etsy')).toBe(before + 1);
    const got = await call(demo, 'GET', `${BASE}/trial-etsy`);
    expect(got.json<OnboardingQuestionnaire>().answers.sellingCountries).toEqual(['US', 'CA']);
  });

  it('refuses to finish while a required answer is missing, naming each', async () => {
    const res = await call(demo, 'POST', `${BASE}/finalize/trial-etsy`);
    expect(res.statusCode).toBe(422);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('questionnaire.incomplete');
    expect(body.message).toBe('Answer the business type, accounting system, accountant or bookkeeper questions before finishing, or choose quick setup.');
    expect((body.details as { path: string }[]).map((d) => d.path)).toEqual(['businessType', 'accountingSystem', 'hasAccountant']);
  });

  it('finishes once: a second finish answers the same and writes nothing; then the answers are locked and it cannot be deleted', async () => {
    await call(demo, 'PUT', BASE, { accountKey: 'trial-etsy', businessType: 'sole-trader', accountingSystem: 'XERO', hasAccountant: false, helpWith: ['mappings', 'sales-tax-vat'] });
    const first = await call(demo, 'POST', `${BASE}/finalize/trial-etsy`);
    expect(first.statusCode, first.body).toBe(200);
    const done = first.json<{ questionnaire: OnboardingQuestionnaire; isAlreadyFinalized: boolean }>();
    expect(done).toMatchObject({ isAlreadyFinalized: false, questionnaire: { status: 'finalized', finalizedBy: 'demo@ledgerport.local', quickSetupApplied: null } });
    const audits = await auditCount('trial-etsy');
    const second = await call(demo, 'POST', `${BASE}/finalize/trial-etsy`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ isAlreadyFinalized: true, questionnaire: { finalizedAt: done.questionnaire.finalizedAt }, message: 'The questionnaire was already finished; nothing changed.' });
    expect(await auditCount('trial-etsy')).toBe(audits);

    const put = await call(demo, 'PUT', BASE, { accountKey: 'trial-etsy', notes: 'late change' });
    expect(put.statusCode).toBe(409);
    expect(put.json<ErrorBody>()).toMatchObject({ code: 'questionnaire.finalized', message: 'The assisted setup questionnaire is finished, so its answers are locked and cannot change.' });
    const del = await call(demo, 'DELETE', `${BASE}/trial-etsy`);
    expect(del.statusCode).toBe(409);
    expect(del.json<ErrorBody>().code).toBe('questionnaire.finalized');
    expect((await call(demo, 'GET', `${BASE}/trial-etsy`)).json<OnboardingQuestionnaire>().answers.notes).toBe('Moving from spreadsheets.');
    expect(await check(demo, 'trial-etsy')).toMatchObject({ shouldShow: false, reason: 'finalized', questionnaireStatus: 'finalized' });
  });

  it('is read by support staff on any account (the internal questionnaire page), and its steps are in History', async () => {
    const res = await call(admin, 'GET', `${BASE}/trial-etsy`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OnboardingQuestionnaire>().status).toBe('finalized');
    const history = (await call(demo, 'GET', '/account-settings/history?accountKey=trial-etsy')).json<{ entries: { action: string; summary: string }[] }>().entries;
    expect(history.map((e) => e.summary)).toEqual(
      expect.arrayContaining(['Started the assisted setup questionnaire', 'Saved answers of the assisted setup questionnaire', 'Finished the assisted setup questionnaire']),
    );
  });
});

describe('DELETE /{id}', () => {
  it('throws a draft away, after which it is not found and can be started again', async () => {
    expect((await call(demo, 'POST', BASE, { accountKey: 'acme-ebay', hasAccountant: true })).statusCode).toBe(200);
    const del = await call(demo, 'DELETE', `${BASE}/acme-ebay`);
    expect(del.statusCode, del.body).toBe(200);
    const gone = await call(demo, 'GET', `${BASE}/acme-ebay`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ErrorBody>().code).toBe('questionnaire.not-found');
    expect((await call(demo, 'DELETE', `${BASE}/acme-ebay`)).statusCode).toBe(404);
    expect((await call(demo, 'PUT', BASE, { accountKey: 'acme-ebay', hasAccountant: true })).statusCode).toBe(404);
    expect((await call(demo, 'POST', `${BASE}/finalize/acme-ebay`)).statusCode).toBe(404);
    expect((await call(demo, 'POST', BASE, { accountKey: 'acme-ebay' })).statusCode).toBe(200);
  });
});

describe('quick setup', () => {
  it('finishes without the questions and turns on the split by country and marketplace tracking for a seller in several countries, audited', async () => {
    const settings = () => call(demo, 'GET', '/account/posting-settings?accountKey=acme-shopify').then((r) => r.json<{ shouldSplitByCountry: boolean; isTrackedByMarketplace: boolean; version: number }>());
    const before = await settings();
    expect(before).toMatchObject({ shouldSplitByCountry: false, isTrackedByMarketplace: false });
    await call(demo, 'POST', BASE, { accountKey: 'acme-shopify', sellingCountries: ['GB', 'DE', 'FR'], quickSetup: true });
    const res = await call(demo, 'POST', `${BASE}/finalize/acme-shopify`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Quick setup is done: split by country and track by marketplace turned on.',
      questionnaire: { status: 'finalized', quickSetupApplied: { shouldSplitByCountry: true, isTrackedByMarketplace: true } },
    });
    expect(await settings()).toMatchObject({ shouldSplitByCountry: true, isTrackedByMarketplace: true, version: before.version + 1 });
    const account = (await call(demo, 'GET', '/account?accountKey=acme-shopify&settings=true')).json<{ settings: { quickSetup: boolean; shouldSplitByCountry: boolean } }>();
    expect(account.settings).toEqual({ quickSetup: true, shouldSplitByCountry: true });
    const history = (await call(demo, 'GET', '/account-settings/history?accountKey=acme-shopify')).json<{ entries: { summary: string }[] }>().entries.map((e) => e.summary);
    expect(history).toContain('Changed the posting settings: Split by country off → on; Track by marketplace off → on');
    expect(history).toContain('Finished the assisted setup questionnaire with quick setup');
    expect(await check(demo, 'acme-shopify')).toMatchObject({ shouldShow: false, reason: 'quick-setup' });
  });
});

describe('bad input', () => {
  const put = (payload: object) => call(demo, 'PUT', BASE, { accountKey: 'acme-ebay', ...payload });
  it.each([
    [{ businessType: 'corporation' }, 'businessType', 'Choose the business type: sole-trader, partnership, company, non-profit, other.'],
    [{ sellingCountries: ['USA'] }, 'sellingCountries.0', 'A selling country is a two-letter ISO code, such as US, GB or DE.'],
    [{ sellingCountries: ['US', 'us'] }, 'sellingCountries', 'Each of the selling countries may be listed once.'],
    [{ salesChannels: ['ALIEXPRESS'] }, 'salesChannels.0', expect.stringMatching(/^A sales channel is one of AMAZON/)],
    [{ hasAccountant: 'yes' }, 'hasAccountant', 'Answer whether you have an accountant or bookkeeper with true or false.'],
    [{ notes: 'tab\u0000null' }, 'notes', expect.stringMatching(/control character \(U\+0000\)/)],
    [{ notes: 'x'.repeat(1001) }, 'notes', 'The notes must be at most 1000 characters.'],
    [{ favouriteColour: 'blue' }, '', expect.stringMatching(/favouriteColour/)],
  ])('refuses %j naming the field', async (payload, path, message) => {
    const res = await put(payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('request.invalid');
    const fields = body.details as { path: string; message: string }[];
    expect(fields.filter((f) => f.path === path).map((f) => f.message)).toEqual([message]);
  });

  it('refuses an id with a control character, and a missing account key', async () => {
    const bad = await call(demo, 'GET', `${BASE}/trial-etsy%00`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toMatch(/^The path is not valid\. id: /);
    const res = await call(demo, 'POST', BASE, {});
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toMatch(/accountKey/);
  });
});

describe('across accounts and roles', () => {
  it("refuses a user of another account every call on this account's questionnaire as not found, writing nothing", async () => {
    const audits = await auditCount('trial-etsy');
    const tries = [
      call(other, 'GET', `${BASE}/trial-etsy`),
      call(other, 'GET', `${BASE}/shouldShowAssistedSetup/trial-etsy`),
      call(other, 'POST', BASE, { accountKey: 'acme-amazon-ca' }),
      call(other, 'PUT', BASE, { accountKey: 'trial-etsy', notes: 'mine now' }),
      call(other, 'DELETE', `${BASE}/trial-etsy`),
      call(other, 'POST', `${BASE}/finalize/trial-etsy`),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<ErrorBody>().code).toBe('account.not-found');
    }
    expect(await auditCount('trial-etsy')).toBe(audits);
    expect(await server.testDb.db.selectFrom('onboarding_questionnaires').select('account_key').where('account_key', '=', 'acme-amazon-ca').executeTakeFirst()).toBeUndefined();
  });

  it('lets a view-only member read but not answer (403)', async () => {
    const res = await call(viewer, 'POST', BASE, { accountKey: 'acme-amazon-us' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().code).toBe('auth.forbidden');
    expect((await call(viewer, 'GET', `${BASE}/acme-amazon-us`)).json<ErrorBody>().code).toBe('questionnaire.not-found');
  });
});

describe('Finish on a self-hosted instance (billing off) sets up what the answers decide (decision 0058)', () => {
  it('a German seller on the built-in ledger, VAT-registered: registration, VAT rates on a VAT account, and mappings that carry them', async () => {
    const made = await call(demo, 'POST', '/account/new', { accountName: 'Berlin Books', salesChannel: 'AMAZON', accountingSystem: 'MANUAL' });
    expect(made.statusCode, made.body).toBe(200);
    const accountKey = made.json<{ accountKey: string }>().accountKey;
    const answers = { accountKey, businessType: 'company', salesChannels: ['AMAZON'], monthlyOrderVolume: 'under-100', accountingSystem: 'MANUAL', hasAccountant: false, isVatRegistered: true };
    expect((await call(demo, 'POST', BASE, answers)).statusCode).toBe(200);
    // Registered, but where? Finish names the question.
    const missing = await call(demo, 'POST', `${BASE}/finalize/${accountKey}`);
    expect((missing.json<ErrorBody>().details as { path: string }[]).map((d) => d.path)).toEqual(['registeredCountry']);
    expect((await call(demo, 'PUT', BASE, { accountKey, registeredCountry: 'DE' })).statusCode).toBe(200);
    const done = await call(demo, 'POST', `${BASE}/finalize/${accountKey}`);
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json<{ message: string; applied: string[] }>();
    expect(body.message).toBe('Thank you: your answers are saved, and your account is set up from them.');
    expect(body.applied).toEqual([
      'You are registered for VAT in Germany.',
      'The built-in ledger has the tax rates VAT 19%, VAT 7%, posting to the account VAT.',
      'Sales, shipping and refunds are mapped to VAT 19%; fees to Reverse charge.',
    ]);
    const chart = (await call(demo, 'GET', `/ledger/chart?accountKey=${accountKey}`)).json<{ taxRates: { code: string; ratePercent: string; taxAccountCode: string | null }[]; accounts: { code: string }[] }>();
    expect(chart.taxRates.map((t) => [t.code, t.ratePercent, t.taxAccountCode])).toEqual([['NONE', '0', null], ['VAT19', '19', 'Liabilities:VAT'], ['VAT7', '7', 'Liabilities:VAT'], ['RC', '0', 'Liabilities:VAT']]);
    const tax = (await call(demo, 'GET', `/account/tax-settings?accountKey=${accountKey}`)).json<{ country: string; isRegistered: boolean; rates: Record<string, string | null> }>();
    expect(tax).toMatchObject({ country: 'DE', isRegistered: true, rates: { sales: 'VAT19', fees: 'RC', reverseCharge: 'RC', noTax: 'NONE' } });
    const set = await server.testDb.db.selectFrom('mapping_sets').select('mapping_set').where('account_key', '=', accountKey).orderBy('version', 'desc').executeTakeFirstOrThrow();
    const categories = (set.mapping_set as { categories: { AMAZON: Record<string, { taxRateCode: string }> } }).categories.AMAZON;
    expect([categories.sales?.taxRateCode, categories.fees?.taxRateCode, categories.reserves?.taxRateCode]).toEqual(['VAT19', 'RC', 'NONE']);
  });
});
