import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addToAccountStatus, attentionReasons, countAccountStatus, EMPTY_ACCOUNT_STATUS_COUNTS, isWaitingToSend, needsAttention, type AccountStatus, type SettlementStatusFacts } from './account-status';

const settlementFacts: fc.Arbitrary<SettlementStatusFacts> = fc.record({
  status: fc.constantFrom('open' as const, 'closed' as const),
  postingStatus: fc.constantFrom('POSTED' as const, 'PARTIALLY_POSTED' as const, 'NOT_POSTED' as const),
  sendState: fc.constantFrom('IDLE' as const, 'QUEUED' as const, 'SENDING' as const, 'FAILED' as const),
  isDuplicate: fc.boolean(),
  isInconsistent: fc.boolean(),
  isOnHold: fc.boolean(),
  isMapped: fc.boolean(),
});
const counts = fc.record({
  waitingCount: fc.nat(5),
  unmappedCount: fc.nat(5),
  inconsistentCount: fc.nat(5),
  onHoldCount: fc.nat(5),
  failedCount: fc.nat(5),
});
const status: fc.Arbitrary<AccountStatus> = fc.record({
  counts,
  connectionStatus: fc.constantFrom(null, 'CONNECTED', 'PENDING', 'DISCONNECTED', 'ERROR', 'PROBLEM'),
  connectionError: fc.constantFrom(null, 'The token expired.'),
}).map(({ counts: c, ...rest }) => ({ ...c, ...rest }));

describe('account status counts', () => {
  it('counts do not depend on the order of the settlements', () => {
    fc.assert(fc.property(fc.array(settlementFacts, { maxLength: 30 }), (list) => {
      expect(countAccountStatus([...list].reverse())).toEqual(countAccountStatus(list));
    }));
  });

  it('duplicates count nowhere', () => {
    fc.assert(fc.property(fc.array(settlementFacts, { maxLength: 30 }), (list) => {
      expect(countAccountStatus(list)).toEqual(countAccountStatus(list.filter((s) => !s.isDuplicate)));
    }));
  });

  it('waiting is the closed, not fully posted originals, and never exceeds the originals', () => {
    fc.assert(fc.property(fc.array(settlementFacts, { maxLength: 30 }), (list) => {
      const c = countAccountStatus(list);
      expect(c.waitingCount).toBe(list.filter((s) => s.status === 'closed' && s.postingStatus !== 'POSTED' && !s.isDuplicate).length);
      const originals = list.filter((s) => !s.isDuplicate).length;
      for (const n of Object.values(c)) expect(n).toBeLessThanOrEqual(originals);
    }));
  });

  it('a fully posted settlement adds no unmapped, inconsistent or waiting count', () => {
    fc.assert(fc.property(settlementFacts, (s) => {
      const posted = { ...s, postingStatus: 'POSTED' as const };
      const c = addToAccountStatus(EMPTY_ACCOUNT_STATUS_COUNTS, posted);
      expect([c.waitingCount, c.unmappedCount, c.inconsistentCount]).toEqual([0, 0, 0]);
      expect(isWaitingToSend(posted)).toBe(false);
    }));
  });
});

describe('needs attention', () => {
  it('needs attention exactly when something is waiting, unmapped, inconsistent, failed or the connection is in trouble', () => {
    fc.assert(fc.property(status, (s) => {
      const trouble = s.connectionStatus === 'ERROR' || s.connectionStatus === 'PROBLEM' || s.connectionError !== null;
      const expected = trouble || s.waitingCount > 0 || s.unmappedCount > 0 || s.inconsistentCount > 0 || s.failedCount > 0;
      expect(needsAttention(s)).toBe(expected);
      expect(attentionReasons(s).length > 0).toBe(expected);
    }));
  });

  it('an account with nothing to do and a healthy connection needs no attention, even with settlements on hold', () => {
    expect(needsAttention({ ...EMPTY_ACCOUNT_STATUS_COUNTS, onHoldCount: 2, connectionStatus: 'CONNECTED', connectionError: null })).toBe(false);
  });
});
