import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { QboQueryResult, SuiteQlPage } from '@ledgerport/contract';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const qboAccount = buildAccount({ accountKey: 'acme-amazon-us', accountName: 'Acme Outdoor US', accountingSystem: 'QBO', accountingSystemConnected: true, accountingSystemOrganizationName: 'Sandbox Company' });
const netsuiteAccount = buildAccount({ accountKey: 'acme-shopify', accountName: 'Acme Outdoor Shop', accountingSystem: 'NETSUITE', accountingSystemConnected: true });

function serve(extra: Record<string, FakeHandler | { status?: number; body?: unknown }>) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: true } },
    'GET /user-meta': { body: buildUserMeta() },
    'GET /public/oauth/user-status': { body: { expired: false, user: { userId: 'u-support', email: 'support@ledgerport.local', rootAdmin: false, supportLead: false, supportAdmin: true, developer: false, permissions: [] } } },
    'GET /res/whats-new.json': { body: [] },
    'GET /organization/list': { body: { organizations: [] } },
    'GET /account': ({ url }) => ({ body: url.searchParams.get('accountKey') === 'acme-shopify' ? netsuiteAccount : qboAccount }),
    ...extra,
  });
}

const qboAnswer: QboQueryResult = {
  query: 'SELECT * FROM Account WHERE Active = true MAXRESULTS 100',
  entity: 'Account',
  realmId: '9341453012345678',
  rows: [
    { Id: '80', Name: 'Amazon Seller Fees', AcctNum: '6010', CurrencyRef: { value: 'USD' } },
    { Id: '9', Name: 'Amazon Clearing', AcctNum: '1210', CurrencyRef: { value: 'USD' } },
  ],
  startPosition: 1,
  maxResults: 2,
  totalCount: null,
  raw: { QueryResponse: { Account: [{ Id: '80' }, { Id: '9' }], startPosition: 1, maxResults: 2 }, time: '2026-11-26T10:00:00Z' },
};

afterEach(() => sessionStorage.clear());

describe('QBO playground', () => {
  it('runs the query, shows the rows as a sortable table and the raw JSON', async () => {
    const fake = serve({ 'POST /backend/acme-amazon-us/qbo/query': { body: qboAnswer } });
    renderApp('/app/backend/acme-amazon-us/qbo/playground');
    expect(await screen.findByRole('heading', { name: 'QuickBooks Online playground' })).toBeTruthy();
    expect(document.title).toContain('Backend | Ledgerport');
    await userEvent.click(screen.getByRole('button', { name: 'Run query' }));
    const table = await screen.findByRole('table', { name: 'Query results' });
    expect(fake.calls.find((c) => c.path === '/backend/acme-amazon-us/qbo/query')?.body).toEqual({ query: 'SELECT * FROM Account WHERE Active = true' });
    expect(screen.getByRole('status').textContent).toContain('2 Account rows from company 9341453012345678');
    const ids = () => within(table).getAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
    expect(ids()).toEqual(['80', '9']);
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Id' }));
    expect(ids()).toEqual(['9', '80']);
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('{"value":"USD"}');
    await userEvent.click(screen.getByRole('tab', { name: 'Raw JSON' }));
    expect(screen.getByLabelText('QuickBooks answer as JSON').textContent).toContain('"startPosition": 1');
  });

  it('refuses anything but SELECT before sending, in words, and shows the server refusal too', async () => {
    const fake = serve({
      'POST /backend/acme-amazon-us/qbo/query': { status: 422, body: { message: 'QuickBooks Online could not run the query. QueryParserError: Invalid entity name: Invoicez', code: 'backend.query-failed', httpStatusCode: 422 } },
    });
    renderApp('/app/backend/acme-amazon-us/qbo/playground');
    const box = await screen.findByRole('textbox', { name: 'QBO query' });
    await userEvent.clear(box);
    await userEvent.type(box, 'DELETE FROM Account');
    await userEvent.click(screen.getByRole('button', { name: 'Run query' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only SELECT queries can be run here');
    expect(fake.calls.some((c) => c.path.endsWith('/qbo/query'))).toBe(false);
    await userEvent.clear(box);
    await userEvent.type(box, 'SELECT * FROM Invoicez');
    await userEvent.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid entity name: Invoicez'));
  });

  it('says the account is not on QuickBooks Online instead of showing the console', async () => {
    serve({});
    renderApp('/app/backend/acme-shopify/qbo/playground');
    expect((await screen.findByRole('alert')).textContent).toContain('Acme Outdoor Shop uses NetSuite, not QuickBooks Online, so there is nothing to query here.');
    expect(screen.queryByRole('textbox', { name: 'QBO query' })).toBeNull();
  });
});

const page = (offset: number, items: Record<string, unknown>[], hasMore: boolean): SuiteQlPage => ({ query: 'SELECT id, acctnumber FROM account ORDER BY id', accountId: 'TSTDRV123', items, limit: 25, offset, hasMore, totalResults: 27 });

describe('NetSuite SuiteQL', () => {
  it('runs a query a page at a time (limit and offset) and links the record types', async () => {
    const fake = serve({
      'POST /backend/acme-shopify/netsuite/suiteql': ({ body }) => {
        const offset = (body as { offset: number }).offset;
        return { body: offset === 0 ? page(0, Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), acctnumber: String(1000 + i) })), true) : page(25, [{ id: '26' }, { id: '27' }], false) };
      },
    });
    renderApp('/app/backend/acme-shopify/netsuite/suiteql');
    const box = await screen.findByRole('textbox', { name: 'SuiteQL query' });
    await userEvent.clear(box);
    await userEvent.type(box, 'SELECT id, acctnumber FROM account ORDER BY id');
    await userEvent.click(screen.getByRole('button', { name: 'Run query' }));
    const table = await screen.findByRole('table', { name: 'SuiteQL results' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(screen.getByRole('status').textContent).toContain('Rows 1–25 of 27 from NetSuite account TSTDRV123');
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Rows 26–27 of 27'));
    expect(fake.calls.filter((c) => c.path.endsWith('/suiteql')).map((c) => c.body)).toEqual([
      { query: 'SELECT id, acctnumber FROM account ORDER BY id', limit: 25, offset: 0 },
      { query: 'SELECT id, acctnumber FROM account ORDER BY id', limit: 25, offset: 25 },
    ]);
    expect(within(screen.getByRole('group', { name: 'Records by type' })).getByRole('link', { name: 'subsidiary' }).getAttribute('href')).toBe('/app/backend/acme-shopify/netsuite/suiteql/subsidiary');
  });

  it('lists the records of one type with a link from each row to its record view', async () => {
    serve({
      'GET /backend/acme-shopify/netsuite/records/subsidiary': { body: { ...page(0, [{ id: '1', name: 'Acme Outdoor Inc.' }, { id: '2', name: 'Acme Outdoor Canada' }], false), query: 'SELECT * FROM subsidiary ORDER BY id', totalResults: 2 } },
      'GET /backend/acme-shopify/netsuite/records/subsidiary/2': { body: { recordType: 'subsidiary', id: '2', record: { id: '2', name: 'Acme Outdoor Canada', country: 'CA' } } },
    });
    renderApp('/app/backend/acme-shopify/netsuite/suiteql/subsidiary');
    const table = await screen.findByRole('table', { name: 'NetSuite subsidiary records' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await userEvent.click(within(table).getByRole('link', { name: 'Open subsidiary 2' }));
    const record = await screen.findByRole('table', { name: 'NetSuite subsidiary 2' });
    expect(within(record).getByRole('row', { name: /country/ }).textContent).toContain('CA');
    expect(screen.getByRole('heading', { name: 'NetSuite subsidiary 2' })).toBeTruthy();
  });
});
