import { screen, within } from '@testing-library/react';
import type { SettlementImport } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const done: SettlementImport = {
  importId: 'imp-1',
  accountKey: 'acc-amazon',
  loadReadable: false,
  status: 'DONE',
  created: '2026-11-23T10:00:00Z',
  files: [
    {
      fileIndex: 0,
      fileName: 'us-v2.txt',
      sizeBytes: 1755,
      status: 'LOADED',
      progressPercent: 100,
      format: 'amazon-v2',
      settlements: [
        { settlementKey: 'k1', settlementId: '111', currency: 'USD', total: '36.52', lineCount: 9, outcome: 'created', duplicateOf: null },
        { settlementKey: 'k9', settlementId: '222', currency: 'USD', total: '1.00', lineCount: 1, outcome: 'duplicate', duplicateOf: 'k2' },
      ],
      problems: [],
      problemsOmitted: 0,
      message: '1 settlement loaded, 1 already loaded',
    },
    {
      fileIndex: 1,
      fileName: 'broken.txt',
      sizeBytes: 900,
      status: 'PROBLEMS',
      progressPercent: 100,
      format: 'amazon-v2',
      settlements: [],
      problems: [{ file: 'broken.txt', row: 4, column: 'amount', message: "'12,3x' is not an amount" }],
      problemsOmitted: 2,
      message: 'Nothing was loaded: 3 rows have problems',
    },
  ],
};

function serve(over: Record<string, { status?: number; body?: unknown }> = {}, account = buildAccount()) {
  signIn();
  return installFakeApi({
    'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
    'GET /user-meta': { body: buildUserMeta(account) },
    'GET /res/whats-new.json': { body: [] },
    'GET /settlement-import': { body: done },
    'GET /settlement-imports': { body: { imports: [], trialFilesLeft: null } },
    ...over,
  });
}

describe('upload result page', () => {
  it('lists what was created, the duplicates with what they repeat, and the problems per row', async () => {
    serve();
    renderApp('/app/settlement-import?importId=imp-1');
    expect(await screen.findByText('Upload finished')).toBeTruthy();
    expect(screen.getByText('1 created, 0 completed, 1 duplicates, 3 problems.')).toBeTruthy();
    const settlements = screen.getByRole('table', { name: 'Settlements of us-v2.txt' });
    expect(within(settlements).getByText('Created')).toBeTruthy();
    expect(within(settlements).getByRole('link', { name: '222' }).getAttribute('href')).toBe('/app/settlement?settlementKey=k2');
    const problems = screen.getByRole('table', { name: 'Problems of broken.txt' });
    expect(within(problems).getByText("'12,3x' is not an amount")).toBeTruthy();
    expect(screen.getByText('and 2 more problems not listed.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Progress of broken.txt' })).toBeTruthy();
  });

  it('tells a trial account how many of its three files are left', async () => {
    serve({ 'GET /settlement-imports': { body: { imports: [], trialFilesLeft: 1 } } }, buildAccount({ planCode: null }));
    renderApp('/app/settlement-import');
    expect(await screen.findByText('You can load up to 3 files while on trial: 1 left.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load 0 files' })).toBeTruthy();
  });

  it('tells a view-only member that loading files is not theirs to do, and keeps the load button off', async () => {
    installFakeApi({
      'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
      'GET /user-meta': { body: { ...buildUserMeta(buildAccount()), accessLevel: 'read' } },
      'GET /res/whats-new.json': { body: [] },
      'GET /settlement-imports': { body: { imports: [], trialFilesLeft: null } },
    });
    signIn();
    renderApp('/app/settlement-import');
    expect(await screen.findByText(/You have view-only access to this account\. Ask its owner for member access/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Load 0 files' }).disabled).toBe(true);
  });
});
