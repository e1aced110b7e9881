import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaxSettingsBody } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const never: TaxSettingsBody = {
  accountKey: 'acc-amazon',
  country: null,
  isRegistered: false,
  registrationNumber: null,
  taxRates: [],
  rates: { sales: null, fees: null, reverseCharge: null, noTax: null },
  statementAccount: null,
  treatment: [{ lines: 'Sales, shipping and refunds', taxRate: "The mapping's own tax rate" }],
  chartTaxRates: [{ code: 'NONE', name: 'Tax Exempt' }],
  clearingAccount: { code: 'AMZCLR', name: 'Amazon Clearing' },
  isSaved: false,
  updatedAt: null,
  updatedBy: null,
};

function serve(handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>, settings = never, accessLevel: 'manage' | 'read' = 'manage') {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(buildAccount({ accountKey: 'acc-amazon', accountName: 'Acme Amazon', accountingSystem: 'XERO', planCode: 'STANDARD' })), accessLevel } },
    'GET /res/whats-new.json': { body: [] },
    'GET /account/tax-settings': { body: settings },
    ...handlers,
  });
}

describe('Registered Country', () => {
  it('asks for the registration number under its field before saving, then saves the registration', async () => {
    const saved = { ...never, country: 'GB', isRegistered: true, registrationNumber: 'GB123456789', isSaved: true, updatedAt: '2026-11-26T10:00:00.000Z' };
    const fake = serve({ 'PUT /account/registered-country': { body: saved } });
    renderApp('/app/account-settings/registered-country');
    await userEvent.click(await screen.findByRole('switch', { name: /Registered for/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the country the business is registered for VAT or GST in.')).toBeTruthy();
    expect(screen.getByText('Enter the VAT or GST registration number.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: /^Country/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'United Kingdom (VAT)' }));
    expect(await screen.findByText('Reverse charge on marketplace fees')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /VAT registration number/ }), 'GB123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({ country: 'GB', isRegistered: true, registrationNumber: 'GB123456789' });
    expect(await screen.findByText('Registered country saved: VAT registered.')).toBeTruthy();
  });

  it('shows a view-only member the settings without a way to change them', async () => {
    serve({}, { ...never, country: 'DE', isSaved: true }, 'read');
    renderApp('/app/account-settings/registered-country');
    expect(await screen.findByText('You have view-only access to this account.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });
});

describe('Statements Accounts and Taxes', () => {
  it("adds the accounting system's rates and a new one, chooses the rates and saves them", async () => {
    const fake = serve({ 'PUT /account/statement-accounts-and-taxes': ({ body }) => ({ body: { ...never, ...(body as object), isSaved: true, updatedAt: '2026-11-26T10:00:00.000Z' } }) });
    renderApp('/app/account-settings/statements-accounts-and-taxes');
    await userEvent.click(await screen.findByRole('button', { name: /Add the accounting system's rates/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add tax rate' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Code of tax rate 2' }), 'OUTPUT2');
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of tax rate 2' }), '20% (VAT on Income)');
    await userEvent.click(screen.getByRole('combobox', { name: /Sales tax rate/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'OUTPUT2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      taxRates: [{ code: 'NONE', name: 'Tax Exempt' }, { code: 'OUTPUT2', name: '20% (VAT on Income)' }],
      rates: { sales: 'OUTPUT2', fees: null, reverseCharge: null, noTax: null },
      statementAccount: null,
    });
    expect(await screen.findByText('Statement accounts and taxes saved.')).toBeTruthy();
  });

  it('names an empty tax rate code under its field and sends nothing', async () => {
    const fake = serve({});
    renderApp('/app/account-settings/statements-accounts-and-taxes');
    await userEvent.click(await screen.findByRole('button', { name: 'Add tax rate' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of tax rate 1' }), 'Zero rated');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the tax rate code.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
