import { describe, expect, it } from 'vitest';
import { DATE_PICKER_TOOLTIP_DELAY_MS, DIALOG_COOKIE_MAX_AGE_SECONDS, LOADER_POLL_MS, dialogSuppressionCookie, isDialogSuppressed, needsScrollbar } from './ui-constants';

describe('screen constants of spec section 9', () => {
  it('polls the loader every 100 ms and opens the date picker tooltip after 1 s', () => {
    expect(LOADER_POLL_MS).toBe(100);
    expect(DATE_PICKER_TOOLTIP_DELAY_MS).toBe(1_000);
  });

  it('needs a scrollbar only when the content is wider than its container by more than 60 px', () => {
    expect(needsScrollbar(1060, 1000)).toBe(false);
    expect(needsScrollbar(1061, 1000)).toBe(true);
    expect(needsScrollbar(900, 1000)).toBe(false);
  });

  it('suppresses a dialog by a cookie keyed by its id, for one year', () => {
    expect(DIALOG_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(dialogSuppressionCookie('organization-modal')).toBe('lp-dialog-organization-modal=suppressed; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(isDialogSuppressed('a=1; lp-dialog-organization-modal=suppressed', 'organization-modal')).toBe(true);
    expect(isDialogSuppressed('lp-dialog-other=suppressed', 'organization-modal')).toBe(false);
    expect(() => dialogSuppressionCookie('bad id;')).toThrow(/A dialog id is 1 to 64 letters/);
  });
});
