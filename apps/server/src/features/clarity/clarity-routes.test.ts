import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClarityContext, ClarityResult, SavedAnalysis } from '@ledgerport/contract';
import { call, startClarityTestServer, type ClarityTestServer } from '../../../test/clarity-test-setup';

let t: ClarityTestServer;
beforeAll(async () => {
  t = await startClarityTestServer();
});
afterAll(() => t.server.close());

const definition = {
  measures: ['sales', 'fees', 'net', 'margin'],
  dimensions: ['account', 'month'],
  start: '2024-01-01',
  end: '2026-12-31',
  display: 'table',
};

describe('GET /clarity/context', () => {
  it('gives an organization admin every account and New Analysis', async () => {
    const res = await call(t.server, t.admin, 'GET', '/clarity/context?organizationId=org-acme');
    expect(res.statusCode).toBe(200);
    const body = res.json<ClarityContext>();
    expect(body).toMatchObject({
      organizationId: 'org-acme',
      name: 'Acme Outdoor Co',
      level: 'manage',
      canUseNewAnalysis: true,
      canChangeDocuments: true,
    });
    expect(body.accounts.map((a) => a.accountKey)).toContain('acme-amazon-us');
  });

  it('hides New Analysis from a Clarity view-only user, who may still read', async () => {
    const body = (
      await call(t.server, t.viewOnly, 'GET', '/clarity/context?organizationId=org-acme')
    ).json<ClarityContext>();
    expect(body).toMatchObject({ level: 'read', canUseNewAnalysis: false, canChangeDocuments: false });
  });

  it("answers another organization's user with not-found", async () => {
    for (const tokens of [t.other, t.partner]) {
      const res = await call(t.server, tokens, 'GET', '/clarity/context?organizationId=org-acme');
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('organization.not-found');
    }
    expect(
      (await call(t.server, t.admin, 'GET', '/clarity/context?organizationId=org-birch')).statusCode,
    ).toBe(404);
    expect(
      (await call(t.server, t.admin, 'GET', '/clarity/context?organizationId=no-such-org')).statusCode,
    ).toBe(404);
  });

  it('gives the firm its client organization, with New Analysis although the organization has no CLARITY feature', async () => {
    const body = (
      await call(t.server, t.partner, 'GET', '/clarity/context?organizationId=org-birch')
    ).json<ClarityContext>();
    expect(body).toMatchObject({
      organizationId: 'org-birch',
      firmCode: 'PARTNER1',
      canUseNewAnalysis: true,
      canChangeFirmDocuments: true,
    });
  });
});

describe('GET /clarity/dashboard', () => {
  it('sums the rollup of the organization accounts by month, account and channel, each adding up to the same net', async () => {
    const res = await call(
      t.server,
      t.viewOnly,
      'GET',
      '/clarity/dashboard?organizationId=org-acme&start=2000-01-01&end=2002-12-31',
    );
    expect(res.statusCode).toBe(200);
    const wide = await call(
      t.server,
      t.viewOnly,
      'GET',
      '/clarity/dashboard?organizationId=org-acme&start=2024-01-01&end=2026-12-31',
    );
    const body = wide.json<{ byMonth: ClarityResult; byAccount: ClarityResult; byChannel: ClarityResult }>();
    const totals = (r: ClarityResult) => {
      const out = new Map<string, number>();
      // Cents as integers: exact for these sizes, compared only with each other.
      for (const row of r.rows)
        out.set(row.currency, (out.get(row.currency) ?? 0) + Math.round(Number(row.values.net) * 100));
      return Object.fromEntries(out);
    };
    expect(body.byMonth.rows.length).toBeGreaterThan(0);
    expect(totals(body.byAccount)).toEqual(totals(body.byMonth));
    expect(totals(body.byChannel)).toEqual(totals(body.byMonth));
    expect(body.byChannel.rows.every((r) => ['AMAZON', 'SHOPIFY', 'EBAY', 'ETSY'].includes(r.keys[0]!))).toBe(
      true,
    );
  });

  it('matches the rows of report_day_totals for the organization, and no other account', async () => {
    const { db } = t.server.testDb;
    const expected = await db
      .selectFrom('report_day_totals')
      .innerJoin('accounts', 'accounts.account_key', 'report_day_totals.account_key')
      .select(['accounts.account_name'])
      .where('accounts.organization_id', '=', 'org-acme')
      .where('status', '=', 'closed')
      .where('local_day', '>=', '2024-01-01')
      .distinct()
      .execute();
    const body = (
      await call(
        t.server,
        t.admin,
        'GET',
        '/clarity/dashboard?organizationId=org-acme&start=2024-01-01&end=2026-12-31',
      )
    ).json<{ byAccount: ClarityResult }>();
    expect(new Set(body.byAccount.rows.map((r) => r.keys[0]))).toEqual(
      new Set(expected.map((e) => e.account_name)),
    );
  });

  it('refuses a period longer than about three years, and another organization', async () => {
    const res = await call(
      t.server,
      t.admin,
      'GET',
      '/clarity/dashboard?organizationId=org-acme&start=2020-01-01&end=2026-12-31',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/at most 1100 days/);
    expect(
      (
        await call(
          t.server,
          t.other,
          'GET',
          '/clarity/dashboard?organizationId=org-acme&start=2024-01-01&end=2024-12-31',
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('custom analyses', () => {
  it('runs an analysis with only the chosen measures, in the order of the dimensions', async () => {
    const res = await call(t.server, t.admin, 'POST', '/clarity/analysis/run', {
      organizationId: 'org-acme',
      definition,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ClarityResult>();
    for (const row of body.rows) {
      expect(Object.keys(row.values).sort()).toEqual(['fees', 'margin', 'net', 'sales']);
      expect(row.keys[1]).toMatch(/^\d{4}-\d{2}$/);
    }
  });

  it('refuses running or saving for a Clarity view-only user, and another organization with not-found', async () => {
    expect(
      (
        await call(t.server, t.viewOnly, 'POST', '/clarity/analysis/run', {
          organizationId: 'org-acme',
          definition,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.server, t.viewOnly, 'POST', '/clarity/analyses', {
          organizationId: 'org-acme',
          name: 'Mine',
          definition,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.server, t.other, 'POST', '/clarity/analysis/run', {
          organizationId: 'org-acme',
          definition,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.server, t.other, 'POST', '/clarity/analyses', {
          organizationId: 'org-acme',
          name: 'Mine',
          definition,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('saves, lists, replaces by name, and deletes an analysis, auditing each change with the name of who saved it', async () => {
    const saved = await call(t.server, t.admin, 'POST', '/clarity/analyses', {
      organizationId: 'org-acme',
      name: 'Fees by account',
      definition,
    });
    expect(saved.statusCode).toBe(200);
    const analysis = saved.json<SavedAnalysis>();
    expect(analysis).toMatchObject({ name: 'Fees by account', createdBy: 'Dana Demo', definition });
    const again = (
      await call(t.server, t.admin, 'POST', '/clarity/analyses', {
        organizationId: 'org-acme',
        name: 'fees BY account',
        definition: { ...definition, display: 'chart' },
      })
    ).json<SavedAnalysis>();
    expect(again.analysisId).toBe(analysis.analysisId);
    const listed = (
      await call(t.server, t.viewOnly, 'GET', '/clarity/analyses?organizationId=org-acme')
    ).json<{ analyses: SavedAnalysis[] }>();
    expect(listed.analyses.map((a) => [a.name, a.definition.display])).toEqual([
      ['fees BY account', 'chart'],
    ]);
    expect(
      (await call(t.server, t.other, 'GET', '/clarity/analyses?organizationId=org-acme')).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          t.server,
          t.viewOnly,
          'DELETE',
          `/clarity/analyses/${analysis.analysisId}?organizationId=org-acme`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          t.server,
          t.partner,
          'DELETE',
          `/clarity/analyses/${analysis.analysisId}?organizationId=org-birch`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          t.server,
          t.admin,
          'DELETE',
          `/clarity/analyses/${analysis.analysisId}?organizationId=org-acme`,
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await call(
          t.server,
          t.admin,
          'DELETE',
          `/clarity/analyses/${analysis.analysisId}?organizationId=org-acme`,
        )
      ).statusCode,
    ).toBe(404);
    const audit = await t.server.testDb.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'after_state'])
      .where('entity_id', '=', analysis.analysisId)
      .orderBy('created_at')
      .orderBy('audit_id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'clarity.analysis-saved',
      'clarity.analysis-replaced',
      'clarity.analysis-deleted',
    ]);
    expect(audit[0]).toMatchObject({ actor_user_id: 'user-demo', after_state: { by: 'Dana Demo' } });
  });

  it('refuses a definition without measures or with a date that does not exist, naming the problem', async () => {
    const res = await call(t.server, t.admin, 'POST', '/clarity/analyses', {
      organizationId: 'org-acme',
      name: 'Bad',
      definition: { ...definition, measures: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/Choose at least one measure/);
    expect(
      (
        await call(t.server, t.admin, 'POST', '/clarity/analysis/run', {
          organizationId: 'org-acme',
          definition: { ...definition, end: '2026-02-30' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
