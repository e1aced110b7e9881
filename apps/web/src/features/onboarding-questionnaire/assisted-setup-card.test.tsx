import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OnboardingQuestionnaire } from '@ledgerport/contract';
import { EMPTY_QUESTIONNAIRE_ANSWERS } from '@ledgerport/core/rules';
import { describe, expect, it } from 'vitest';
import { buildAccount, buildUserMeta, installFakeApi, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

const account = buildAccount({ accountKey: 'acc-1', accountName: 'Acme Amazon' });
const BASE = '/public/onboarding/questionnaire';
const draft: OnboardingQuestionnaire = {
  id: 'acc-1',
  accountKey: 'acc-1',
  status: 'draft',
  answers: { ...EMPTY_QUESTIONNAIRE_ANSWERS, businessType: 'company' },
  quickSetupApplied: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  createdBy: 'dana@example.com',
  updatedAt: '2026-11-22T10:00:00.000Z',
  updatedBy: 'dana@example.com',
  finalizedAt: null,
  finalizedBy: null,
};
const base = {
  'GET /public/oauth/has-admin-permissions': { body: { hasAdminPermissions: false } },
  'GET /user-meta': { body: buildUserMeta(account) },
  'GET /res/whats-new.json': { body: [] },
};
const check = (shouldShow: boolean, questionnaireStatus: string) => ({ body: { accountKey: 'acc-1', shouldShow, reason: shouldShow ? 'in-progress' : 'onboarded', questionnaireStatus } });

describe('the assisted setup card on /admin', () => {
  it('is absent when the server says not to show it', async () => {
    signIn();
    installFakeApi({ ...base, [`GET ${BASE}/shouldShowAssistedSetup/acc-1`]: check(false, 'none') });
    renderApp('/app/admin');
    await screen.findByRole('list', { name: 'Onboarding steps' });
    expect(screen.queryByRole('region', { name: 'Assisted setup' })).toBeNull();
  });

  it('opens a draft at its labelled questions and saves the step before moving on (PUT)', async () => {
    signIn();
    const api = installFakeApi({
      ...base,
      [`GET ${BASE}/shouldShowAssistedSetup/acc-1`]: check(true, 'draft'),
      [`GET ${BASE}/acc-1`]: { body: draft },
      [`PUT ${BASE}`]: ({ body }) => ({ body: { ...draft, answers: { ...draft.answers, ...(body as object) } } }),
    });
    renderApp('/app/admin');
    const card = await screen.findByRole('region', { name: 'Assisted setup' }, { timeout: 5000 });
    // Labels, not roles: the accessible-name walk of a whole stepper is slow in jsdom.
    const labelled = await within(card).findAllByLabelText('Business type', {}, { timeout: 5000 });
    expect(labelled.some((e) => e.getAttribute('role') === 'combobox')).toBe(true);
    fireEvent.click(within(card).getByLabelText('Etsy'));
    fireEvent.click(within(card).getByText('Save and continue'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ accountKey: 'acc-1', businessType: 'company', salesChannels: ['ETSY'] }));
    expect(await within(card).findByLabelText('Fewer than 100', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(card).getByText('Skip: quick setup')).toBeTruthy();
  }, 20_000);

  it('with no questionnaire yet, quick setup starts and finishes it and shows the result', async () => {
    signIn();
    const api = installFakeApi({
      ...base,
      [`GET ${BASE}/shouldShowAssistedSetup/acc-1`]: check(true, 'none'),
      [`POST ${BASE}`]: { body: { ...draft, answers: { ...draft.answers, quickSetup: true } } },
      [`POST ${BASE}/finalize/acc-1`]: { body: { questionnaire: { ...draft, status: 'finalized' }, isAlreadyFinalized: false, message: 'Quick setup is done: your posting settings already suit your answers.', applied: ['Your accounting system is now the built-in ledger.'] } },
    });
    renderApp('/app/admin');
    const card = await screen.findByRole('region', { name: 'Assisted setup' }, { timeout: 5000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Skip: quick setup' }));
    const done = await screen.findByRole('status', { name: /Assisted setup finished/ }, { timeout: 5000 });
    expect(done.textContent).toContain('Quick setup is done');
    // What Finish set up (self-hosted) is listed under the message.
    expect(within(done).getByRole('list', { name: 'What assisted setup did' }).textContent).toContain('Your accounting system is now the built-in ledger.');
    expect(api.calls.find((c) => c.method === 'POST' && c.path === BASE)?.body).toMatchObject({ accountKey: 'acc-1', quickSetup: true });
  });
});
