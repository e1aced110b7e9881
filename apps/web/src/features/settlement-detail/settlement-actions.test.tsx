import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementDetail } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement } from '../settlements/build-settlement';

const posted = buildSettlement({ settlementKey: 'k1', settlementId: '111', postingStatus: 'POSTED', badges: ['posted'] });
const detail: SettlementDetail = { settlement: posted, documents: [], problems: [], byType: [], canRedownload: false };
const side = (accountCode: string, accountName: string) => ({ accountCode, accountName, taxRateCode: 'NONE', amount: '7.50', tracking: '' });
const preview = {
  hasChanges: true,
  previewToken: 'token-of-the-preview-shown',
  reverseCount: 1,
  postCount: 1,
  documents: [
    {
      partIndex: 1,
      month: '2026-05',
      before: { number: 'AMZ-111-1', date: '2026-05-31', currency: 'USD' },
      after: { number: 'AMZ-111-1', date: '2026-05-31', currency: 'USD' },
      lines: [{ role: 'transaction', description: 'Amazon Fees - Commission', before: side('6100', 'Amazon Fees'), after: side('6150', 'Other Fees') }],
    },
  ],
  accountNets: [
    { currency: 'USD', accountCode: '6100', accountName: 'Amazon Fees', before: '7.50', after: '0.00', change: '-7.50' },
    { currency: 'USD', accountCode: '6150', accountName: 'Other Fees', before: '0.00', after: '7.50', change: '7.50' },
  ],
  moved: [{ currency: 'USD', amount: '7.50' }],
};

function serve(accessLevel: 'manage' | 'read' = 'manage', settlementDetail: SettlementDetail = detail) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: { ...buildUserMeta(), accessLevel } },
    'GET /res/whats-new.json': { body: [] },
    'GET /settlement/detail': { body: settlementDetail },
    'GET /settlement': ({ url }) =>
      url.searchParams.get('confirm') === 'true'
        ? { body: { action: 'reprocess', settlementKey: 'k1', message: 'Reprocessed: 1 document reversed and replaced.', settlement: posted, preview: null } }
        : { body: { action: 'reprocess', settlementKey: 'k1', message: 'Nothing changed yet.', settlement: posted, preview } },
  });
}

describe('settlement actions', () => {
  it('shows what reprocessing a posted settlement would change, and replaces it only when confirmed', async () => {
    const fake = serve();
    renderApp('/app/settlement?settlementKey=k1');
    await userEvent.click(await screen.findByRole('button', { name: 'Reprocess' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reprocess this posted settlement?' });
    const table = within(dialog).getByRole('table', { name: 'Lines that change in AMZ-111-1' });
    const row = within(table).getByRole('row', { name: /Amazon Fees - Commission/ });
    expect(within(row).getByText('6100 · Amazon Fees')).toBeTruthy();
    expect(within(row).getByText('6150 · Other Fees')).toBeTruthy();
    expect(within(row).getAllByText('Debit $7.50')).toHaveLength(2);
    const nets = within(dialog).getByRole('table', { name: 'Net per account' });
    expect(within(within(nets).getByRole('row', { name: /6100 · Amazon Fees/ })).getByText('Credit $7.50')).toBeTruthy();
    const calls = () => fake.calls.filter((c) => c.path === '/settlement');
    expect(calls().map((c) => [c.query.get('action'), c.query.get('ajax'), c.query.get('confirm')])).toEqual([['reprocess', 'true', null]]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse and replace' }));
    await waitFor(() => expect(calls().at(-1)?.query.get('confirm')).toBe('true'));
    expect(calls().at(-1)?.query.get('previewToken')).toBe('token-of-the-preview-shown');
  });

  it('cannot send a settlement that is already posted, and the button keeps keyboard focus', async () => {
    const fake = serve();
    renderApp('/app/settlement?settlementKey=k1');
    const posted = await screen.findByRole<HTMLButtonElement>('button', { name: 'Posted' });
    // Off by aria-disabled, not the disabled attribute, which would drop focus to the page's body.
    expect(posted.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(posted);
    expect(document.activeElement).toBe(posted);
    expect(fake.calls.filter((c) => c.path === '/settlementSend')).toEqual([]);
  });

  it('offers a view-only member none of its changes: Reprocess, Refresh COGS and Delete are off, the export stays', async () => {
    const unposted = buildSettlement({ settlementKey: 'k1', settlementId: '111', postingStatus: 'NOT_POSTED' });
    const fake = serve('read', { ...detail, settlement: unposted });
    renderApp('/app/settlement?settlementKey=k1');
    const reprocess = await screen.findByRole('button', { name: 'Reprocess' });
    // Switched off by the disabled fieldset of the gate, named with the reason.
    expect(screen.getByRole('group', { name: 'View-only access' }).contains(reprocess)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('menuitem', { name: 'Refresh COGS' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('menuitem', { name: 'Delete' }).getAttribute('title')).toBe('View-only access');
    expect(screen.getByRole('menuitem', { name: 'Export transactions (CSV)' })).toHaveProperty('disabled', false);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }), { pointerEventsCheck: 0 });
    expect(screen.queryByRole('dialog', { name: 'Delete this settlement?' })).toBeNull();
    expect(fake.calls.filter((c) => c.path === '/settlement')).toEqual([]);
  });
});
