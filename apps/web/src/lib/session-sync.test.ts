import { describe, expect, it, vi } from 'vitest';
import { watchOtherTabs } from './session-sync';
import { STORAGE_KEYS, writeAccountKey } from './token-store';

const storageEvent = (key: string, newValue: string | null) => new StorageEvent('storage', { key, newValue });

describe('cross-tab session sync', () => {
  it('reports an account mismatch when another tab switches account', () => {
    writeAccountKey('acc-1');
    const onAccountMismatch = vi.fn();
    const stop = watchOtherTabs({ onSignedOut: vi.fn(), onAccountMismatch });
    window.dispatchEvent(storageEvent(STORAGE_KEYS.accountKey, 'acc-2'));
    stop();
    expect(onAccountMismatch).toHaveBeenCalledWith('acc-2');
  });
  it('ignores another tab choosing the same account', () => {
    writeAccountKey('acc-1');
    const onAccountMismatch = vi.fn();
    const stop = watchOtherTabs({ onSignedOut: vi.fn(), onAccountMismatch });
    window.dispatchEvent(storageEvent(STORAGE_KEYS.accountKey, 'acc-1'));
    stop();
    expect(onAccountMismatch).not.toHaveBeenCalled();
  });
  it('signs this tab out when another tab logs out', () => {
    const onSignedOut = vi.fn();
    const stop = watchOtherTabs({ onSignedOut, onAccountMismatch: vi.fn() });
    window.dispatchEvent(storageEvent(STORAGE_KEYS.tokenSet, null));
    stop();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });
});
