/**
 * Automation (Settings > Automation, issue 15): which settlements the account's automation sends to
 * its accounting system without a click, and when. A settlement is sent automatically only when a
 * person would send it without a second look: closed, consistent, mapped, not held, not a duplicate,
 * not posted or being sent, and stored at least `delayHours` ago (time to correct a mapping or see a
 * late adjustment). Anything that needs a person (a failed send, a partial post, an inconsistent or
 * held settlement) is left for one, always: those rules are not settings.
 */

/** Hours automation may wait after a settlement is stored before sending it (one week at most). */
export const AUTO_SEND_DELAY_HOURS_MAX = 168;
/** The default wait: a day, so a fetch late in the evening is not posted before anyone has looked. */
export const AUTO_SEND_DELAY_HOURS_DEFAULT = 24;

export interface AutomationSettings {
  isEnabled: boolean;
  /** Whole hours between storing a settlement and sending it (0 to AUTO_SEND_DELAY_HOURS_MAX). */
  delayHours: number;
  /** Also send settlements loaded from files; off: only those fetched from the channel. */
  isSendingUploads: boolean;
  /** Only settlements ending on or after this day (YYYY-MM-DD) are sent; null: no limit. */
  sendFromDate: string | null;
}

export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  isEnabled: false,
  delayHours: AUTO_SEND_DELAY_HOURS_DEFAULT,
  isSendingUploads: false,
  sendFromDate: null,
};

/** What automation needs to know of one settlement. */
export interface AutoSendFacts {
  settlementId: string;
  status: 'open' | 'closed';
  sourceKind: 'file' | 'api';
  postingStatus: 'POSTED' | 'PARTIALLY_POSTED' | 'NOT_POSTED';
  sendState: 'IDLE' | 'QUEUED' | 'SENDING' | 'FAILED';
  isDuplicate: boolean;
  isInconsistent: boolean;
  isOnHold: boolean;
  /** Every line's type mapped to an account and a tax rate. */
  isMapped: boolean;
  /** The settlement's last day (YYYY-MM-DD, account time zone), when known. */
  endDate: string | null;
  storedAt: Date;
}

/**
 * The rule that applied, for the settings page's table and History:
 * 'ready' sends; 'waiting-*' sends later by itself; the others never send without a person.
 */
export type AutoSendRule =
  | 'ready'
  | 'waiting-delay'
  | 'waiting-mappings'
  | 'waiting-open'
  | 'posted'
  | 'duplicate'
  | 'inconsistent'
  | 'on-hold'
  | 'failed'
  | 'partially-posted'
  | 'in-progress'
  | 'upload'
  | 'before-start';

export type AutoSendDecision =
  | { kind: 'send'; rule: 'ready' }
  | { kind: 'wait'; rule: 'waiting-delay' | 'waiting-mappings' | 'waiting-open'; reason: string; sendAfter: Date | null }
  | { kind: 'never'; rule: Exclude<AutoSendRule, 'ready' | 'waiting-delay' | 'waiting-mappings' | 'waiting-open'>; reason: string };

/** When a stored settlement becomes old enough to send. */
export function autoSendDueAt(storedAt: Date, delayHours: number): Date {
  return new Date(storedAt.getTime() + delayHours * 3_600_000);
}

/** Whether automation sends this settlement now, later, or never without a person; settings.isEnabled is the caller's concern. */
export function decideAutoSend(facts: AutoSendFacts, settings: AutomationSettings, now: Date): AutoSendDecision {
  const id = facts.settlementId;
  const never = (rule: Extract<AutoSendDecision, { kind: 'never' }>['rule'], reason: string): AutoSendDecision => ({ kind: 'never', rule, reason });
  if (facts.postingStatus === 'POSTED') return never('posted', `Settlement ${id} is already posted.`);
  if (facts.isDuplicate) return never('duplicate', `Settlement ${id} repeats a settlement already loaded; only the original is posted.`);
  if (facts.isInconsistent) return never('inconsistent', `Settlement ${id} does not reconcile to its deposit; automation never sends it. Check it and send it yourself.`);
  if (facts.isOnHold) return never('on-hold', `Settlement ${id} is on hold; automation never sends it. Release the hold and send it yourself.`);
  if (facts.sendState === 'QUEUED' || facts.sendState === 'SENDING') return never('in-progress', `Settlement ${id} is already being sent.`);
  if (facts.sendState === 'FAILED') return never('failed', `A send of settlement ${id} failed; automation leaves it for you to check and send again.`);
  if (facts.postingStatus === 'PARTIALLY_POSTED') return never('partially-posted', `Settlement ${id} is partly posted; automation leaves it for you to finish.`);
  if (facts.sourceKind === 'file' && !settings.isSendingUploads) return never('upload', `Settlement ${id} was loaded from a file; automation sends only settlements fetched from the channel.`);
  if (settings.sendFromDate !== null && facts.endDate !== null && facts.endDate < settings.sendFromDate) {
    return never('before-start', `Settlement ${id} ends on ${facts.endDate}, before ${settings.sendFromDate}, the first day automation sends.`);
  }
  if (facts.status === 'open') return { kind: 'wait', rule: 'waiting-open', reason: `Settlement ${id} is still open; it is sent once the channel closes it.`, sendAfter: null };
  if (!facts.isMapped) return { kind: 'wait', rule: 'waiting-mappings', reason: `Settlement ${id} has transaction types without an account or tax rate; it is sent once they are mapped.`, sendAfter: null };
  const due = autoSendDueAt(facts.storedAt, settings.delayHours);
  if (due.getTime() > now.getTime()) return { kind: 'wait', rule: 'waiting-delay', reason: `Settlement ${id} is sent after ${due.toISOString().slice(0, 16).replace('T', ' ')} UTC.`, sendAfter: due };
  return { kind: 'send', rule: 'ready' };
}

export type AutomationRefusal = { isRefused: false } | { isRefused: true; message: string };

/** Automation can be turned on only where a send can go somewhere. */
export function refuseAutomation(account: { accountingSystem: string; isAccountingConnected: boolean; accountName: string }): AutomationRefusal {
  if (account.accountingSystem === 'NONE' || account.accountingSystem === '') {
    return { isRefused: true, message: `${account.accountName} has no accounting system yet. Connect one (or choose the built-in ledger) before turning on automatic sending.` };
  }
  if (account.accountingSystem !== 'MANUAL' && !account.isAccountingConnected) {
    return { isRefused: true, message: `${account.accountName} is not connected to its accounting system. Reconnect it in Settings > Connections before turning on automatic sending.` };
  }
  return { isRefused: false };
}
