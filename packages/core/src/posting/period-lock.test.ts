import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultMappings } from '../mapping/default-mappings';
import { buildPostings } from './build-postings';
import type { PostingDocument, PostingSettings } from './model';
import { decidePeriodLock, firstOpenDay, isInClosedPeriod, periodLockHoldReason, periodLockOf, type PeriodLock } from './period-lock';
import { describeTestType, makeSettlement } from './test-support/settlement-arbitraries';

const settings: PostingSettings = { describeType: describeTestType, groupBy: 'sku', isSplitByMonth: true, timeZoneId: 'UTC' };
// Two month parts: dated 2026-04-30 and 2026-05-12 (the settlement's end).
const settlement = makeSettlement(
  [
    { type: 'Order|ItemPrice|Principal', amount: '10.005', sku: 'MUG-1', marketplace: 'Amazon.de', at: '2026-04-29T10:00:00' },
    { type: 'Order|ItemPrice|Principal', amount: '20', sku: 'BOOK-1', marketplace: 'Amazon.fr', at: '2026-05-03T10:00:00' },
    { type: 'Order|ItemPrice|Principal', amount: '11.915', sku: 'BOOK-1', marketplace: 'Amazon.fr', at: '2026-05-05T10:00:00' },
  ],
  { startDate: Date.UTC(2026, 3, 28), endDate: Date.UTC(2026, 4, 12), total: '41.92' },
);
const post = (): PostingDocument[] => buildPostings(settlement, defaultMappings('QBO'), settings).documents;
const lock = (closedThrough: string): PeriodLock => ({ closedThrough, source: 'BookCloseDate' });

describe('a lock made of a system’s fields', () => {
  it('is the latest day set; empty or impossible days are no lock', () => {
    expect(periodLockOf([{ source: 'PeriodLockDate', closedThrough: '2026-03-31' }, { source: 'EndOfYearLockDate', closedThrough: '2025-12-31' }])).toEqual({ closedThrough: '2026-03-31', source: 'PeriodLockDate' });
    expect(periodLockOf([{ source: 'PeriodLockDate', closedThrough: null }, { source: 'EndOfYearLockDate', closedThrough: '2025-12-31' }])).toEqual({ closedThrough: '2025-12-31', source: 'EndOfYearLockDate' });
    expect(periodLockOf([{ source: 'BookCloseDate', closedThrough: '2026-02-30' }, { source: 'x', closedThrough: '' }])).toBeNull();
  });

  it('opens the day after, across a month and a year end', () => {
    expect(firstOpenDay(lock('2026-04-30'))).toBe('2026-05-01');
    expect(firstOpenDay(lock('2025-12-31'))).toBe('2026-01-01');
    expect(firstOpenDay(lock('2028-02-28'))).toBe('2028-02-29');
  });

  it('closes its own day and every day before, never the day after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: -400, max: 400 }), (base, offset) => {
        const day = new Date(Date.UTC(2000, 0, 1) + base * 86_400_000).toISOString().slice(0, 10);
        const date = new Date(Date.UTC(2000, 0, 1) + (base + offset) * 86_400_000).toISOString().slice(0, 10);
        expect(isInClosedPeriod(date, lock(day))).toBe(offset <= 0);
        expect(isInClosedPeriod(firstOpenDay(lock(day)), lock(day))).toBe(false);
      }),
    );
  });
});

describe('documents in a closed period', () => {
  it('are sent as built when nothing is closed', () => {
    const docs = post();
    expect(docs.map((d) => d.date)).toEqual(['2026-04-30', '2026-05-12']);
    expect(decidePeriodLock(docs, null, 'hold', 'QBO')).toEqual({ kind: 'open', documents: docs });
    expect(decidePeriodLock(docs, lock('2026-04-29'), 'hold', 'QBO')).toEqual({ kind: 'open', documents: docs });
  });

  it('hold the settlement, naming the earliest closed date and the system', () => {
    const decision = decidePeriodLock(post(), lock('2026-05-31'), 'hold', 'QBO');
    expect(decision).toEqual({ kind: 'hold', date: '2026-04-30', reason: 'Dated 2026-04-30, in a period QuickBooks has closed through 2026-05-31.' });
    expect(periodLockHoldReason('2026-03-31', lock('2026-04-30'), 'QBO')).toBe('Dated 2026-03-31, in a period QuickBooks has closed through 2026-04-30.');
    expect(periodLockHoldReason('2026-03-31', lock('2026-04-30'), 'MANUAL')).toBe('Dated 2026-03-31, in a period the built-in ledger has closed through 2026-04-30.');
  });

  it('move to the first open day with a memo line naming their date; lines, amounts and open documents unchanged', () => {
    const docs = post();
    const decision = decidePeriodLock(docs, lock('2026-04-30'), 'move', 'XERO');
    if (decision.kind !== 'move') throw new Error(`expected a move, got ${decision.kind}`);
    expect(decision.moved).toEqual([{ number: docs[0]!.number, from: '2026-04-30', to: '2026-05-01' }]);
    const [moved, open] = decision.documents;
    expect(moved!.date).toBe('2026-05-01');
    expect(moved!.description).toBe(`Dated 2026-04-30 in the settlement; moved to 2026-05-01, the first open day, because Xero has closed its books through 2026-04-30.\n${docs[0]!.description}`);
    expect(moved!.lines).toEqual(post()[0]!.lines);
    expect({ ...moved, date: docs[0]!.date, description: docs[0]!.description }).toEqual(post()[0]);
    expect(open).toBe(docs[1]);
    // The input is left as it was.
    expect(docs[0]!.date).toBe('2026-04-30');
  });
});
