import { describe, expect, it } from 'vitest';
import { decideRedaction, isRedactionDue, redactionDueAt } from './redaction';

const asked = new Date('2026-11-20T09:30:00Z');

describe('redaction', () => {
  it('is due 72 hours after it was asked for, not a millisecond before', () => {
    expect(redactionDueAt(asked).toISOString()).toBe('2026-11-23T09:30:00.000Z');
    expect(isRedactionDue(asked, new Date('2026-11-23T09:29:59.999Z'))).toBe(false);
    expect(isRedactionDue(asked, new Date('2026-11-23T09:30:00Z'))).toBe(true);
    expect(isRedactionDue(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
  it('is asked for once and cancelled only when pending, saying why otherwise', () => {
    expect(decideRedaction('request', null)).toEqual({ kind: 'request' });
    expect(decideRedaction('cancel', asked)).toEqual({ kind: 'cancel' });
    expect(decideRedaction('request', asked)).toEqual({
      kind: 'refused',
      message: "Deletion of this account's data was already requested on 2026-11-20; it happens after 2026-11-23 09:30 UTC unless cancelled.",
    });
    expect(decideRedaction('cancel', null)).toEqual({ kind: 'refused', message: "No deletion of this account's data is pending: there is nothing to cancel." });
  });
});
