import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostingSettingsBody, ProductTypeRuleBody } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { UNLIMITED_NOTE } from '@ledgerport/core/billing';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const defaults: PostingSettingsBody = {
  accountKey: 'acc-amazon',
  version: 0,
  timeZoneId: 'UTC',
  groupBy: 'type',
  isSplitByMonth: true,
  shouldSplitByCountry: false,
  isTrackedByMarketplace: false,
  trackingCategoryName: 'Marketplace',
  inconsistentSettlements: 'suspense',
  periodLockTreatment: 'hold',
  productTypes: [],
  updatedAt: null,
  updatedBy: null,
  heldCount: 0,
  periodLockHeldCount: 0,
};

function serve(handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>, settings = defaults) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(buildAccount({ accountKey: 'acc-amazon', accountName: 'Acme Amazon', accountingSystem: 'XERO', planCode: 'STANDARD' })) },
    'GET /res/whats-new.json': { body: [] },
    'GET /account/posting-settings': { body: settings },
    ...handlers,
  });
}

describe('Sales Grouping and Tracking', () => {
  it('saves grouping by SKU, marketplace tracking, holding inconsistent settlements and moving documents out of a closed period', async () => {
    const fake = serve({ 'PUT /account/posting-settings': ({ body }) => ({ body: { ...defaults, ...(body as object), version: 1, heldCount: 2 } }) });
    renderApp('/app/account-settings/invoices');
    await userEvent.click(await screen.findByRole('radio', { name: 'SKU' }));
    await userEvent.click(screen.getByRole('switch', { name: /Track by marketplace/ }));
    const category = screen.getByRole('textbox', { name: 'Tracking category name' });
    await userEvent.clear(category);
    await userEvent.type(category, 'Channel');
    await userEvent.click(screen.getByRole('radio', { name: /Hold until released/ }));
    const closed = screen.getByRole('radiogroup', { name: 'Documents in a closed period' });
    expect(within(closed).getByRole('radio', { name: /Hold the settlement/ })).toHaveProperty('checked', true);
    await userEvent.click(within(closed).getByRole('radio', { name: /Move to the first open day/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = fake.calls.find((c) => c.method === 'PUT')!;
    expect(put.query.get('accountKey')).toBe('acc-amazon');
    expect(put.body).toEqual({ groupBy: 'sku', isSplitByMonth: true, shouldSplitByCountry: false, isTrackedByMarketplace: true, trackingCategoryName: 'Channel', inconsistentSettlements: 'hold', periodLockTreatment: 'move' });
    expect(await screen.findByText('Sales grouping and tracking saved. 2 inconsistent settlements are on hold.')).toBeTruthy();
  });

  it('names an empty tracking category under its field and sends nothing', async () => {
    const fake = serve({}, { ...defaults, isTrackedByMarketplace: true });
    renderApp('/app/account-settings/invoices');
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Tracking category name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the name of the tracking category or class.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal in an error notification", async () => {
    serve({ 'PUT /account/posting-settings': { status: 400, body: { message: 'The request body is not valid. groupBy: Choose one of type, sku.', code: 'request.invalid', httpStatusCode: 400 } } });
    renderApp('/app/account-settings/invoices');
    await userEvent.click(await screen.findByRole('radio', { name: 'Country' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The request body is not valid. groupBy: Choose one of type, sku.')).toBeTruthy();
  });
});

describe('Product Types', () => {
  const preview: FakeHandler = ({ body }) => {
    const rules = (body as { productTypes: ProductTypeRuleBody[] }).productTypes;
    const skus = ['TENT-1', 'TENT-2', 'BAG-1', 'HAT-1'];
    const taken = new Set<string>();
    const counted = rules.map((r) => {
      const caught = skus.filter((s) => !taken.has(s) && (r.skus.includes(s) || (r.pattern !== null && new RegExp(r.pattern).test(s))));
      caught.forEach((s) => taken.add(s));
      return { name: r.name, skuCount: caught.length, examples: caught };
    });
    return { body: { skuCount: skus.length, rules: counted, unassigned: { label: 'Unassigned', value: 'unassigned', skuCount: skus.length - taken.size, examples: [] } } };
  };

  it('adds a rule by pattern, previews what each rule catches and how many stay Unassigned, reorders and saves', async () => {
    const fake = serve(
      { 'POST /account/product-types/preview': preview, 'PUT /account/posting-settings': ({ body }) => ({ body: { ...defaults, ...(body as object), version: 2 } }) },
      { ...defaults, version: 1, productTypes: [{ name: 'Bags', skus: ['BAG-1'], pattern: null }] },
    );
    renderApp('/app/account-settings/product-types');
    const table = await screen.findByRole('table', { name: 'Product types' });
    await waitFor(() => expect(within(table).getByText('Bags').closest('tr')!.textContent).toContain('1'));
    await userEvent.click(screen.getByRole('button', { name: 'Add product type' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Tents');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Pattern/ }), '^TENT-');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("4 SKUs in this account's settlements; 1 stay Unassigned.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Move Tents up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save product types' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      productTypes: [
        { name: 'Tents', skus: [], pattern: '^TENT-' },
        { name: 'Bags', skus: ['BAG-1'], pattern: null },
      ],
    });
    expect(await screen.findByText('Product types saved (2).')).toBeTruthy();
  });

  it('names an invalid pattern and a rule without SKUs or pattern in the dialog', async () => {
    serve({ 'POST /account/product-types/preview': preview });
    renderApp('/app/account-settings/product-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Add product type' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('List at least one SKU or enter a pattern.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Pattern/ }), 'TENT-(');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/The pattern is not a valid regular expression/)).toBeTruthy();
  });
});

describe('Account', () => {
  const acmeMeta = (paymentProviderEnabled: boolean) => ({ ...buildUserMeta(buildAccount({ accountKey: 'acc-amazon', accountName: 'Acme Amazon', accountingSystem: 'XERO', planCode: 'STANDARD' })), paymentProviderEnabled });

  it('names no plan where billing is off: the account is unlimited (decision 0057)', async () => {
    serve({ 'GET /user-meta': { body: acmeMeta(false) } });
    renderApp('/app/account-settings');
    await screen.findByRole('textbox', { name: 'Account name' });
    expect(screen.getByText(UNLIMITED_NOTE)).toBeTruthy();
    expect(screen.queryByText('Standard')).toBeNull();
  });

  it('renames the account through the spec call and changes its time zone, and shows plan (billing on), channel and system', async () => {
    const fake = serve({
      'GET /user-meta': { body: acmeMeta(true) },
      'POST /account-settings': ({ url }) => ({ body: buildAccount({ accountKey: 'acc-amazon', accountName: url.searchParams.get('accountName')! }) }),
      'PUT /account/posting-settings': ({ body }) => ({ body: { ...defaults, ...(body as object), version: 1 } }),
    });
    renderApp('/app/account-settings');
    const name = await screen.findByRole('textbox', { name: 'Account name' });
    expect(screen.getByText('Standard')).toBeTruthy();
    expect(screen.getByText('Xero', { exact: false })).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme US');
    const zone = screen.getByRole('combobox', { name: /Time zone/ });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Berl');
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    const rename = fake.calls.find((c) => c.method === 'POST' && c.path === '/account-settings')!;
    expect([rename.query.get('accountName'), rename.query.get('caller')]).toEqual(['Acme US', 'admin']);
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({ timeZoneId: 'Europe/Berlin' });
    expect(await screen.findByText('Account settings saved.')).toBeTruthy();
  });
});
