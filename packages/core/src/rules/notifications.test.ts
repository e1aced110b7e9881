import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultNotificationPreference,
  groupNotificationsByKind,
  resolveNotification,
  type NotificationSubjectFacts,
  NOTIFICATION_EMAIL_MODES,
  NOTIFICATION_KINDS,
  notificationDeliveryOf,
  resolveNotificationPreferences,
} from './notifications';

const kind = fc.constantFrom(...NOTIFICATION_KINDS);
const emailMode = fc.constantFrom(...NOTIFICATION_EMAIL_MODES);

describe('notification defaults', () => {
  it('failed sends and connection errors are mailed at once; mappings, inconsistencies and automatic sends go to the digest; invites are not mailed again', () => {
    expect(defaultNotificationPreference('send-failed')).toEqual({ inApp: true, email: 'immediate' });
    expect(defaultNotificationPreference('connection-error')).toEqual({ inApp: true, email: 'immediate' });
    expect(defaultNotificationPreference('mappings-needed').email).toBe('daily-digest');
    expect(defaultNotificationPreference('settlement-inconsistent').email).toBe('daily-digest');
    expect(defaultNotificationPreference('auto-sent').email).toBe('daily-digest');
    expect(defaultNotificationPreference('invite')).toEqual({ inApp: true, email: 'off' });
  });

  it('every kind is shown in the app by default', () => fc.assert(fc.property(kind, (k) => defaultNotificationPreference(k).inApp)));
});

describe('resolveNotificationPreferences', () => {
  it('with nothing stored, every kind has its default', () => {
    const resolved = resolveNotificationPreferences([]);
    for (const k of NOTIFICATION_KINDS) expect(resolved[k]).toEqual(defaultNotificationPreference(k));
  });

  it('a stored preference wins for its kind and leaves the others at their default', () =>
    fc.assert(
      fc.property(kind, fc.boolean(), emailMode, (k, inApp, email) => {
        const resolved = resolveNotificationPreferences([{ kind: k, inApp, email }]);
        expect(resolved[k]).toEqual({ inApp, email });
        for (const other of NOTIFICATION_KINDS.filter((o) => o !== k)) expect(resolved[other]).toEqual(defaultNotificationPreference(other));
      }),
    ));

  it('ignores unknown kinds and keeps the default email mode for an unknown one', () => {
    const resolved = resolveNotificationPreferences([{ kind: 'billing', inApp: false, email: 'off' }, { kind: 'invite', inApp: false, email: 'weekly' }]);
    expect(Object.keys(resolved)).toEqual([...NOTIFICATION_KINDS]);
    expect(resolved.invite).toEqual({ inApp: false, email: 'off' });
  });
});

describe('notificationDeliveryOf', () => {
  it('stores nothing only when the kind is off both in the app and by mail', () =>
    fc.assert(
      fc.property(fc.boolean(), emailMode, (inApp, email) => {
        const delivery = notificationDeliveryOf({ inApp, email });
        if (!inApp && email === 'off') expect(delivery).toBeNull();
        else expect(delivery).toEqual({ isShownInApp: inApp, email });
      }),
    ));
});

describe('groupNotificationsByKind', () => {
  it('keeps every item once, in sections ordered by kind, each newest first', () =>
    fc.assert(
      fc.property(fc.array(fc.record({ kind, createdAt: fc.integer({ min: 0, max: 10 ** 12 }).map((t) => new Date(t)) })), (items) => {
        const sections = groupNotificationsByKind(items);
        expect(sections.flatMap((s) => s.items)).toHaveLength(items.length);
        const order = sections.map((s) => NOTIFICATION_KINDS.indexOf(s.kind));
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (const s of sections) {
          expect(s.items.every((i) => i.kind === s.kind)).toBe(true);
          for (let i = 1; i < s.items.length; i++) expect(s.items[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(s.items[i]!.createdAt.getTime());
        }
      }),
    ));

  it('names each section with its label', () => {
    const sections = groupNotificationsByKind([{ kind: 'send-failed', createdAt: new Date(0) }]);
    expect(sections).toEqual([{ kind: 'send-failed', label: 'A send failed', items: [{ kind: 'send-failed', createdAt: new Date(0) }] }]);
  });
});

describe('resolveNotification', () => {
  const facts = (over: Partial<NotificationSubjectFacts> = {}): NotificationSubjectFacts => ({ settlementKey: 'stl_1', isStored: true, isMapped: false, isInconsistent: false, isPosted: false, ...over });

  it('keeps "needs mappings" open while one settlement it names still lacks a mapping', () => {
    expect(resolveNotification('mappings-needed', [facts({ isMapped: true }), facts({ settlementKey: 'stl_2' })])).toEqual({ isResolved: false });
  });
  it('resolves "needs mappings" once the settlement is mapped and posted, and says so', () => {
    expect(resolveNotification('mappings-needed', [facts({ isMapped: true, isPosted: true })])).toEqual({ isResolved: true, resolution: 'Resolved: the settlement is posted.' });
    expect(resolveNotification('mappings-needed', [facts({ isMapped: true })])).toEqual({ isResolved: true, resolution: 'Resolved: the settlement has every type mapped now.' });
  });
  it('resolves any settlement kind when what it names was deleted', () => {
    for (const kind of ['mappings-needed', 'settlement-inconsistent', 'send-failed'] as const) expect(resolveNotification(kind, [facts({ isStored: false })])).toEqual({ isResolved: true, resolution: 'Resolved: the settlement was deleted.' });
  });
  it('resolves "inconsistent" when the settlement adds up again, "send failed" only when posted', () => {
    expect(resolveNotification('settlement-inconsistent', [facts({ isInconsistent: true })]).isResolved).toBe(false);
    expect(resolveNotification('settlement-inconsistent', [facts()]).isResolved).toBe(true);
    expect(resolveNotification('send-failed', [facts({ isMapped: true })]).isResolved).toBe(false);
    expect(resolveNotification('send-failed', [facts({ isPosted: true })]).isResolved).toBe(true);
  });
  it('never resolves a kind without a settlement cause, nor a notification that names nothing', () => {
    for (const kind of ['invite', 'auto-sent', 'connection-error'] as const) expect(resolveNotification(kind, [facts({ isStored: false })]).isResolved).toBe(false);
    expect(resolveNotification('mappings-needed', []).isResolved).toBe(false);
  });
});
