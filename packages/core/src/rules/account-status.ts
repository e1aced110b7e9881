/**
 * A client account's status as a partner's dashboard shows it (issue 19, decision 0035): counts of
 * its original (non-duplicate) settlements by what still needs doing, and whether the account needs
 * attention. The server keeps one summary row per account with the same counts in SQL
 * (refreshAccountStatus); its test recounts with these functions.
 */

/** What the status needs to know about one stored settlement. */
export interface SettlementStatusFacts {
  status: 'open' | 'closed';
  postingStatus: 'POSTED' | 'PARTIALLY_POSTED' | 'NOT_POSTED';
  sendState: 'IDLE' | 'QUEUED' | 'SENDING' | 'FAILED';
  isDuplicate: boolean;
  isInconsistent: boolean;
  isOnHold: boolean;
  isMapped: boolean;
}

export interface AccountStatusCounts {
  /** Closed, not (fully) posted originals: what a person would send next. */
  waitingCount: number;
  /** Not fully posted originals with a transaction type that has no account mapped. */
  unmappedCount: number;
  /** Not fully posted originals whose lines do not add up to their total. */
  inconsistentCount: number;
  onHoldCount: number;
  /** Originals whose last send failed. */
  failedCount: number;
}

export interface AccountStatus extends AccountStatusCounts {
  /** The sales-channel connection's status (CONNECTED, ERROR, …); null when the account uploads files. */
  connectionStatus: string | null;
  connectionError: string | null;
}

export const EMPTY_ACCOUNT_STATUS_COUNTS: AccountStatusCounts = { waitingCount: 0, unmappedCount: 0, inconsistentCount: 0, onHoldCount: 0, failedCount: 0 };

/** Closed, not fully posted, and not a duplicate of one already loaded. */
export function isWaitingToSend(s: SettlementStatusFacts): boolean {
  return s.status === 'closed' && s.postingStatus !== 'POSTED' && !s.isDuplicate;
}

/** Adds one settlement to the counts (duplicates count nowhere: their original does). */
export function addToAccountStatus(counts: AccountStatusCounts, s: SettlementStatusFacts): AccountStatusCounts {
  if (s.isDuplicate) return counts;
  const isOpenWork = s.postingStatus !== 'POSTED';
  return {
    waitingCount: counts.waitingCount + (isWaitingToSend(s) ? 1 : 0),
    unmappedCount: counts.unmappedCount + (isOpenWork && !s.isMapped ? 1 : 0),
    inconsistentCount: counts.inconsistentCount + (isOpenWork && s.isInconsistent ? 1 : 0),
    onHoldCount: counts.onHoldCount + (s.isOnHold ? 1 : 0),
    failedCount: counts.failedCount + (s.sendState === 'FAILED' ? 1 : 0),
  };
}

export function countAccountStatus(settlements: Iterable<SettlementStatusFacts>): AccountStatusCounts {
  let counts = EMPTY_ACCOUNT_STATUS_COUNTS;
  for (const s of settlements) counts = addToAccountStatus(counts, s);
  return counts;
}

const CONNECTION_TROUBLE = new Set(['ERROR', 'PROBLEM']);

/** The channel connection is broken or reported an error on its last call. */
export function hasConnectionTrouble(status: Pick<AccountStatus, 'connectionStatus' | 'connectionError'>): boolean {
  return (status.connectionStatus !== null && CONNECTION_TROUBLE.has(status.connectionStatus)) || (status.connectionError !== null && status.connectionError !== '');
}

/** Why an account needs a bookkeeper's attention, in the order a person would deal with them; empty when it does not. */
export function attentionReasons(status: AccountStatus): string[] {
  const reasons: string[] = [];
  if (hasConnectionTrouble(status)) reasons.push('connection error');
  if (status.unmappedCount > 0) reasons.push('unmapped types');
  if (status.inconsistentCount > 0) reasons.push('inconsistent');
  if (status.failedCount > 0) reasons.push('failed sends');
  if (status.waitingCount > 0) reasons.push('waiting');
  return reasons;
}

/** Waiting, unmapped, inconsistent, failed or a connection error. */
export function needsAttention(status: AccountStatus): boolean {
  return attentionReasons(status).length > 0;
}
