/**
 * A dialog the user may turn off (spec section 4: "Modals can be suppressed by a cookie keyed by
 * dialog id (default one year)"): an announcement or a tip with "Don't show this again". Ticking it
 * and closing writes core's dialogSuppressionCookie (one year, DIALOG_COOKIE_MAX_AGE_SECONDS); while
 * that cookie is there (isDialogSuppressed) the dialog never opens. A cookie and not local storage, as
 * the spec says: the server's pages can read it too. Built on LazyModal, so it costs the first load nothing.
 */
import { Button, Checkbox, Group } from '@mantine/core';
import { dialogSuppressionCookie, isDialogSuppressed } from '@ledgerport/core/rules';
import { useState, type ReactNode } from 'react';
import { LazyModal } from './lazy-modal';

export interface SuppressibleModalProps {
  /** The cookie's key: 1 to 64 letters, digits, '-' or '_' ('whats-new-2026-11'). */
  dialogId: string;
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/** Whether the dialog is turned off in this browser. */
export function isModalSuppressed(dialogId: string): boolean {
  return typeof document !== 'undefined' && isDialogSuppressed(document.cookie, dialogId);
}

export function SuppressibleModal({ dialogId, opened, onClose, title, children }: SuppressibleModalProps) {
  const [isSuppressed, setSuppressed] = useState(() => isModalSuppressed(dialogId));
  const [isTicked, setTicked] = useState(false);
  const close = () => {
    if (isTicked) {
      document.cookie = dialogSuppressionCookie(dialogId);
      setSuppressed(true);
    }
    onClose();
  };
  return (
    <LazyModal opened={opened && !isSuppressed} onClose={close} title={title} centered>
      {children}
      <Group justify="space-between" mt="md">
        <Checkbox label="Don't show this again" checked={isTicked} onChange={(e) => setTicked(e.currentTarget.checked)} />
        <Button onClick={close}>OK</Button>
      </Group>
    </LazyModal>
  );
}
