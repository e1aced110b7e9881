/**
 * Idle timer of spec section 4, mounted only for internal developer users: after the idle timeout
 * minus the warning it asks 'Still there?', and at the timeout it logs out. Activity in any tab
 * resets it (the last-activity time is shared through localStorage).
 */
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { resolveIdleDurations } from '@ledgerport/core/rules';
import { markActivity, readLastActivity } from '../lib/session-sync';
import { STORAGE_KEYS } from '../lib/token-store';
import { LazyModal } from '../ui/lazy-modal';

const CHECK_EVERY_MS = 1_000;

export function IdleTimer({ onTimeout }: { onTimeout: () => void }) {
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    const { timeoutMs, warningMs } = resolveIdleDurations({
      timeoutMs: localStorage.getItem(STORAGE_KEYS.idleTimeoutMs),
      warningMs: localStorage.getItem(STORAGE_KEYS.idleWarningMs),
    });
    const timer = setInterval(() => {
      const idle = Date.now() - readLastActivity();
      if (idle >= timeoutMs) onTimeout();
      else setWarning(idle >= timeoutMs - warningMs);
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [onTimeout]);
  const stay = () => {
    localStorage.setItem(STORAGE_KEYS.lastActivityAt, String(Date.now()));
    markActivity();
    setWarning(false);
  };
  return (
    <LazyModal opened={warning} onClose={stay} title="Still there?" centered>
      <Text mb="md">You have been inactive for a while. You will be logged out soon unless you continue.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onTimeout}>
          Log out
        </Button>
        <Button onClick={stay}>I'm still here</Button>
      </Group>
    </LazyModal>
  );
}
