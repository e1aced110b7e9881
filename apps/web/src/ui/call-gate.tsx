/**
 * Switches off the controls of a region whose clicks call one contract entry, for a user whose level
 * in the account the entry's effect does not allow (core's `allows`, the check the server makes on the
 * route: decision 0054). The region becomes a disabled fieldset, so the browser itself disables every
 * button, input, select and textarea inside, however many there are; the reason ("View-only access")
 * follows the pointer as a tooltip. For a user who may call it, the children render as they are.
 *
 * Menus and dialogs render in a portal, outside any fieldset: their items ask `useMayCall` themselves.
 */
import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCallRefusal, type Callable } from '../lib/session-context';

export function CallGate({ entry, children }: { entry: Callable; children: ReactNode }) {
  const refusal = useCallRefusal(entry);
  if (refusal === null) return children;
  return (
    <Tooltip.Floating label={refusal}>
      <fieldset disabled aria-label={refusal} data-call-refused={entry.effect} style={{ display: 'contents' }}>
        {children}
      </fieldset>
    </Tooltip.Floating>
  );
}
