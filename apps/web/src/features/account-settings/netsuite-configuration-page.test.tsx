import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NetSuiteConfigurationBody } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn, type FakeHandler } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const nothing: NetSuiteConfigurationBody = {
  accountKey: 'acc-ns',
  isConnected: true,
  subsidiary: null,
  department: null,
  class: null,
  location: null,
  choices: {
    subsidiaries: [{ id: '1', name: 'Honeycomb Holdings Inc.' }, { id: '2', name: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd' }],
    departments: [{ id: '1', name: 'Sales' }],
    classes: [{ id: '1', name: 'Amazon US' }],
    locations: [{ id: '1', name: 'Main Warehouse' }, { id: '6', name: 'Main Warehouse : Amazon FBA' }],
  },
  choicesProblem: null,
  updatedAt: null,
  updatedBy: null,
};

function serve(handlers: Record<string, FakeHandler | { status?: number; body?: unknown }>, configuration = nothing, accessLevel: 'manage' | 'write' | 'read' = 'manage') {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(buildAccount({ accountKey: 'acc-ns', accountName: 'Cedar Crafts', accountingSystem: 'NETSUITE', planCode: 'STANDARD' })), accessLevel } },
    'GET /res/whats-new.json': { body: [] },
    'GET /account/netsuite-configuration': { body: configuration },
    ...handlers,
  });
}

describe('NetSuite Configuration', () => {
  it('the owner picks a subsidiary and a location from the lists and saves them', async () => {
    const saved = { ...nothing, subsidiary: nothing.choices.subsidiaries[1]!, location: nothing.choices.locations[1]!, updatedAt: '2026-11-26T10:00:00.000Z', updatedBy: 'pat@example.com' };
    const fake = serve({ 'PUT /account/netsuite-configuration': { body: saved } });
    renderApp('/app/account-settings/netsuite-configuration');
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Save' })).disabled).toBe(true);
    expect(screen.getByRole('tab', { name: 'NetSuite Configuration' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: /^Subsidiary/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Honeycomb Holdings Inc. : Honeycomb UK Ltd' }));
    await userEvent.click(screen.getByRole('combobox', { name: /^Location/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Main Warehouse : Amazon FBA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(fake.calls.find((c) => c.method === 'PUT')!.body).toEqual({ subsidiaryId: '2', departmentId: null, classId: null, locationId: '6' });
    expect(await screen.findByText(/by pat@example.com/)).toBeTruthy();
  });

  it("shows the server's refusal in words under the form", async () => {
    serve({ 'PUT /account/netsuite-configuration': { status: 400, body: { code: 'request.invalid', httpStatusCode: 400, message: 'The location with internal id 6 is not one of the active locations of your NetSuite account. Reload the page and choose again.' } } });
    renderApp('/app/account-settings/netsuite-configuration');
    await userEvent.click(await screen.findByRole('combobox', { name: /^Location/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Main Warehouse : Amazon FBA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The location with internal id 6 is not one of the active locations of your NetSuite account/)).toBeTruthy();
    expect(screen.getByText('Not saved')).toBeTruthy();
  });

  it('a member reads the saved choices but only the owner can change them', async () => {
    serve({}, { ...nothing, subsidiary: { id: '1', name: 'Honeycomb Holdings Inc.' } }, 'write');
    renderApp('/app/account-settings/netsuite-configuration');
    expect(await screen.findByText("Only the account's owner can change the NetSuite configuration.")).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Subsidiary/ }).value).toBe('Honeycomb Holdings Inc.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('not connected: says to connect NetSuite first, keeps the saved choice visible', async () => {
    serve({}, { ...nothing, isConnected: false, choices: { subsidiaries: [], departments: [], classes: [], locations: [] }, choicesProblem: 'Connect NetSuite first (Account Settings > Connections).', location: { id: '6', name: 'Amazon FBA' } });
    renderApp('/app/account-settings/netsuite-configuration');
    expect(await screen.findByText("NetSuite's lists are not available")).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Location/ }).value).toBe('Amazon FBA');
  });
});
