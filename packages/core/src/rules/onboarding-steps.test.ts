import { describe, expect, it } from 'vitest';
import { buildOnboardingSteps, findActiveStep, type OnboardingAccount } from './onboarding-steps';

const done: OnboardingAccount = {
  accountingSystem: 'XERO',
  accountingSystemConnected: true,
  salesChannel: 'AMAZON',
  salesChannelConnected: true,
  salesChannelPending: false,
  requiresReauthentication: false,
  mappingsCompleted: true,
  mappingsConfigurationInitiated: true,
  firstSettlementPosted: true,
};
const states = (a: OnboardingAccount) => buildOnboardingSteps(a).map((s) => s.state);

describe('onboarding steps', () => {
  it('are all completed for a fully set-up account', () => expect(states(done)).toEqual(['completed', 'completed', 'completed', 'completed']));
  it('step 1 is initial when no accounting system is chosen', () => expect(states({ ...done, accountingSystem: 'NONE' })[0]).toBe('initial'));
  it('step 1 failed when a system is chosen but not connected', () => expect(states({ ...done, accountingSystemConnected: false })[0]).toBe('failed'));
  it("step 1 says 'Connected manually' for MANUAL", () =>
    expect(buildOnboardingSteps({ ...done, accountingSystem: 'MANUAL', accountingSystemConnected: false })[0]).toMatchObject({
      state: 'completed',
      note: 'Connected manually',
    }));
  it('step 2 is initial when reauthentication is required', () => expect(states({ ...done, requiresReauthentication: true })[1]).toBe('initial'));
  it('step 2 is pending when the channel is pending', () =>
    expect(states({ ...done, salesChannelConnected: false, salesChannelPending: true })[1]).toBe('pending'));
  it('step 2 for Shopify is pending only when not connected', () => {
    expect(states({ ...done, salesChannel: 'SHOPIFY', salesChannelPending: true })[1]).toBe('completed');
    expect(states({ ...done, salesChannel: 'SHOPIFY', salesChannelConnected: false, salesChannelPending: true })[1]).toBe('pending');
  });
  it('step 3 follows mappingsCompleted', () => expect(states({ ...done, mappingsCompleted: false })[2]).toBe('initial'));
  it('step 4 follows firstSettlementPosted', () => expect(states({ ...done, firstSettlementPosted: false })[3]).toBe('initial'));
});

describe('active step', () => {
  it('is 1 when accounting is not connected', () => expect(findActiveStep({ ...done, accountingSystemConnected: false })).toBe(1));
  it('is 2 when the channel is not connected', () => expect(findActiveStep({ ...done, salesChannelConnected: false })).toBe(2));
  it('is 3 when mappings are neither completed nor initiated', () =>
    expect(findActiveStep({ ...done, mappingsCompleted: false, mappingsConfigurationInitiated: false })).toBe(3));
  it('is 4 when the first settlement is not posted', () => expect(findActiveStep({ ...done, firstSettlementPosted: false })).toBe(4));
  it('is 4 when mappings are completed but configuration was never initiated', () =>
    expect(findActiveStep({ ...done, mappingsConfigurationInitiated: false })).toBe(4));
  it('is 1 otherwise', () => expect(findActiveStep(done)).toBe(1));
  it('treats MANUAL accounting as connected', () =>
    expect(findActiveStep({ ...done, accountingSystem: 'MANUAL', accountingSystemConnected: false, salesChannelConnected: false })).toBe(2));
});
