/** The buttons at the foot of a confirmation: Cancel, then the action (red for what cannot be undone). */
import { Button, Group, type ButtonProps } from '@mantine/core';

export function ConfirmActions({ confirmLabel, onCancel, onConfirm, ...confirm }: { confirmLabel: string; onCancel: () => void; onConfirm: () => void } & Omit<ButtonProps, 'children'>) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button {...confirm} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
