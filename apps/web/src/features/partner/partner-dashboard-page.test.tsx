import { screen } from '@testing-library/react';
import { errorMessages } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';

describe('the partner dashboard when its figures cannot be read', () => {
  it("says the spec's 'There was an issue loading the dashboard, please contact customer support.'", async () => {
    signIn();
    installFakeApi({
      ...merchantFrame(),
      'GET /partner/accounts-status': { status: 500, body: { message: 'Something went wrong on our side.', code: 'internal', httpStatusCode: 500 } },
    });
    renderApp('/app/partner-dashboard');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(errorMessages.dashboardLoadFailed).toBe('There was an issue loading the dashboard, please contact customer support.');
    expect(alert.textContent).toContain('There was an issue loading the dashboard, please contact customer support.');
  });
});
