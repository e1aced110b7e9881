import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUTO_SEND_DELAY_HOURS_MAX, decideAutoSend, refuseAutomation, type AutoSendFacts, type AutomationSettings } from './auto-send';

const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const facts: fc.Arbitrary<AutoSendFacts> = fc.record({
  settlementId: fc.constantFrom('S-1', '24518710041'),
  status: fc.constantFrom('open' as const, 'closed' as const),
  sourceKind: fc.constantFrom('file' as const, 'api' as const),
  postingStatus: fc.constantFrom('POSTED' as const, 'PARTIALLY_POSTED' as const, 'NOT_POSTED' as const),
  sendState: fc.constantFrom('IDLE' as const, 'QUEUED' as const, 'SENDING' as const, 'FAILED' as const),
  isDuplicate: fc.boolean(),
  isInconsistent: fc.boolean(),
  isOnHold: fc.boolean(),
  isMapped: fc.boolean(),
  endDate: fc.option(day, { nil: null }),
  storedAt: fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true }),
});
const settings: fc.Arbitrary<AutomationSettings> = fc.record({
  isEnabled: fc.constant(true),
  delayHours: fc.integer({ min: 0, max: AUTO_SEND_DELAY_HOURS_MAX }),
  isSendingUploads: fc.boolean(),
  sendFromDate: fc.option(day, { nil: null }),
});
const later = fc.integer({ min: 0, max: 400 * 3_600_000 });

describe('automatic sending', () => {
  it('sends only a closed, consistent, mapped, unheld original that nobody has posted or is sending, once its delay has passed', () => {
    fc.assert(
      fc.property(facts, settings, later, (f, s, ms) => {
        const now = new Date(f.storedAt.getTime() + ms);
        const decision = decideAutoSend(f, s, now);
        const wouldPersonSend =
          f.status === 'closed' &&
          f.postingStatus === 'NOT_POSTED' &&
          f.sendState === 'IDLE' &&
          !f.isDuplicate &&
          !f.isInconsistent &&
          !f.isOnHold &&
          f.isMapped &&
          (f.sourceKind === 'api' || s.isSendingUploads) &&
          (s.sendFromDate === null || f.endDate === null || f.endDate >= s.sendFromDate) &&
          ms >= s.delayHours * 3_600_000;
        expect(decision.kind === 'send').toBe(wouldPersonSend);
      }),
    );
  });

  it('never sends an inconsistent, held, duplicate or failed settlement, however long it waits', () => {
    fc.assert(
      fc.property(facts, settings, fc.constantFrom('inconsistent', 'hold', 'duplicate', 'failed'), (f, s, why) => {
        const stuck: AutoSendFacts = {
          ...f,
          isInconsistent: f.isInconsistent || why === 'inconsistent',
          isOnHold: f.isOnHold || why === 'hold',
          isDuplicate: f.isDuplicate || why === 'duplicate',
          sendState: why === 'failed' ? 'FAILED' : f.sendState,
        };
        const decision = decideAutoSend(stuck, s, new Date(f.storedAt.getTime() + 10 * 365 * 86_400_000));
        expect(decision.kind).toBe('never');
        if (decision.kind !== 'send') expect(decision.reason).toContain(f.settlementId);
      }),
    );
  });

  it('once it would send, it still sends at any later moment (waiting is monotone)', () => {
    fc.assert(
      fc.property(facts, settings, later, later, (f, s, a, b) => {
        const first = decideAutoSend(f, s, new Date(f.storedAt.getTime() + a));
        const second = decideAutoSend(f, s, new Date(f.storedAt.getTime() + a + b));
        if (first.kind === 'send') expect(second.kind).toBe('send');
        if (first.kind === 'wait' && first.sendAfter) expect(first.sendAfter.getTime()).toBeGreaterThan(f.storedAt.getTime() + a);
      }),
    );
  });

  it('waits for the delay, then names the moment', () => {
    const ready: AutoSendFacts = {
      settlementId: 'S-9', status: 'closed', sourceKind: 'api', postingStatus: 'NOT_POSTED', sendState: 'IDLE',
      isDuplicate: false, isInconsistent: false, isOnHold: false, isMapped: true, endDate: '2026-11-20', storedAt: new Date('2026-11-21T08:00:00Z'),
    };
    const s: AutomationSettings = { isEnabled: true, delayHours: 24, isSendingUploads: false, sendFromDate: '2026-11-01' };
    expect(decideAutoSend(ready, s, new Date('2026-11-22T07:59:59Z'))).toEqual({
      kind: 'wait', rule: 'waiting-delay', reason: 'Settlement S-9 is sent after 2026-11-22 08:00 UTC.', sendAfter: new Date('2026-11-22T08:00:00Z'),
    });
    expect(decideAutoSend(ready, s, new Date('2026-11-22T08:00:00Z'))).toEqual({ kind: 'send', rule: 'ready' });
    expect(decideAutoSend({ ...ready, endDate: '2026-10-31' }, s, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ kind: 'never', rule: 'before-start' });
    expect(decideAutoSend({ ...ready, sourceKind: 'file' }, s, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ kind: 'never', rule: 'upload' });
    expect(decideAutoSend({ ...ready, sourceKind: 'file' }, { ...s, isSendingUploads: true }, new Date('2026-12-01T00:00:00Z'))).toEqual({ kind: 'send', rule: 'ready' });
  });

  it('refuses to turn on where a send has nowhere to go', () => {
    expect(refuseAutomation({ accountingSystem: 'NONE', isAccountingConnected: false, accountName: 'Acme' })).toEqual({
      isRefused: true, message: 'Acme has no accounting system yet. Connect one (or choose the built-in ledger) before turning on automatic sending.',
    });
    expect(refuseAutomation({ accountingSystem: 'XERO', isAccountingConnected: false, accountName: 'Acme' }).isRefused).toBe(true);
    expect(refuseAutomation({ accountingSystem: 'XERO', isAccountingConnected: true, accountName: 'Acme' }).isRefused).toBe(false);
    expect(refuseAutomation({ accountingSystem: 'MANUAL', isAccountingConnected: false, accountName: 'Acme' }).isRefused).toBe(false);
  });
});
