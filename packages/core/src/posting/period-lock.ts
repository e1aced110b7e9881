/**
 * Closed periods (issue 28, decision 0061). Every accounting system can close its books up to a day:
 * Xero's period and end-of-year lock dates, QuickBooks' closing date (BookCloseDate), Sage's year-end
 * lockdown date, NetSuite's closed accounting periods, the built-in ledger's own lock. Each reduces to
 * one day, `closedThrough`: nothing may be dated on or before it. This rule decides, before a send,
 * whether a settlement's documents fall in a closed period and what the account's setting does then:
 * hold the settlement with a reason, or move each such document to the first open day with a memo line
 * naming its own date. The send path and the settlement screen read the same sentences from here.
 */
import type { AccountingSystem } from '../mapping/model';
import { addDays } from '../reconciliation/reconciliation-text';
import { isCalendarDate } from '../rules/calendar-date';
import { withDocumentFields } from './document-lines';
import type { PostingDocument } from './model';

export const PERIOD_LOCK_TREATMENTS = ['hold', 'move'] as const;
export type PeriodLockTreatment = (typeof PERIOD_LOCK_TREATMENTS)[number];
export const DEFAULT_PERIOD_LOCK_TREATMENT: PeriodLockTreatment = 'hold';

/** A system's closed books: no document may be dated on or before `closedThrough` ('YYYY-MM-DD'). */
export interface PeriodLock {
  closedThrough: string;
  /** The system's field that set it, as the vendor names it ('PeriodLockDate', 'BookCloseDate', …). */
  source: string;
}

/** How the sentences name each system ("a period QuickBooks has closed"). */
const SYSTEM_NAMES: Record<AccountingSystem, string> = { QBO: 'QuickBooks', XERO: 'Xero', SAGE: 'Sage', NETSUITE: 'NetSuite', MANUAL: 'the built-in ledger' };

export function periodLockSystemName(system: AccountingSystem): string {
  return SYSTEM_NAMES[system];
}

/**
 * The lock a set of a system's lock fields makes: the latest day wins (Xero's period lock date binds
 * everyone but advisers and its end-of-year date everyone, so a connection made by either is safe
 * under the later one). Fields left empty or not a calendar day are no lock.
 */
export function periodLockOf(fields: readonly { source: string; closedThrough: string | null | undefined }[]): PeriodLock | null {
  let lock: PeriodLock | null = null;
  for (const f of fields) {
    if (!f.closedThrough || !isCalendarDate(f.closedThrough)) continue;
    if (!lock || f.closedThrough > lock.closedThrough) lock = { closedThrough: f.closedThrough, source: f.source };
  }
  return lock;
}

/** The first day a document may carry: the day after the lock. */
export function firstOpenDay(lock: PeriodLock): string {
  return addDays(lock.closedThrough, 1);
}

export function isInClosedPeriod(date: string, lock: PeriodLock | null): boolean {
  return lock !== null && date <= lock.closedThrough;
}

/** Why a settlement waits: "Dated 2026-03-31, in a period QuickBooks has closed through 2026-04-30." */
export function periodLockHoldReason(date: string, lock: PeriodLock, system: AccountingSystem): string {
  return `Dated ${date}, in a period ${periodLockSystemName(system)} has closed through ${lock.closedThrough}.`;
}

/** The memo line a moved document carries, naming its own date. */
export function periodLockMemoLine(date: string, lock: PeriodLock, system: AccountingSystem): string {
  return `Dated ${date} in the settlement; moved to ${firstOpenDay(lock)}, the first open day, because ${periodLockSystemName(system)} has closed its books through ${lock.closedThrough}.`;
}

export type PeriodLockDecision =
  | { kind: 'open'; documents: PostingDocument[] }
  | { kind: 'hold'; date: string; reason: string }
  | { kind: 'move'; documents: PostingDocument[]; moved: { number: string; from: string; to: string }[] };

/**
 * What happens to a settlement's documents still to send, under `lock` and the account's treatment:
 * nothing in a closed period ('open', documents unchanged); 'hold' with the reason naming the earliest
 * locked date; or 'move': every locked document dated the first open day, its memo (description) given
 * a first line naming the date it had. Lines, amounts and numbers never change.
 */
export function decidePeriodLock(documents: readonly PostingDocument[], lock: PeriodLock | null, treatment: PeriodLockTreatment, system: AccountingSystem): PeriodLockDecision {
  const locked = documents.filter((d) => isInClosedPeriod(d.date, lock));
  if (lock === null || locked.length === 0) return { kind: 'open', documents: [...documents] };
  if (treatment === 'hold') {
    const date = locked.map((d) => d.date).sort()[0]!;
    return { kind: 'hold', date, reason: periodLockHoldReason(date, lock, system) };
  }
  const to = firstOpenDay(lock);
  const moved: { number: string; from: string; to: string }[] = [];
  const next = documents.map((d) => {
    if (!isInClosedPeriod(d.date, lock)) return d;
    moved.push({ number: d.number, from: d.date, to });
    // First, so that a system that cuts the memo short (Sage's journal description at 200) keeps it.
    return withDocumentFields(d, { date: to, description: `${periodLockMemoLine(d.date, lock, system)}\n${d.description}` });
  });
  return { kind: 'move', documents: next, moved };
}
