/**
 * Switches off the controls of a region whose clicks call one contract entry, for a user whose level
 * in the account the entry's effect does not allow (core's `allows`, the check the server makes on the
 * route: decision 0054). The region becomes a disabled fieldset, so the browser itself disables every
 * button, input, select and textarea inside, however many there are; the reason ("View-only access")
 * is the fieldset's name and its tooltip (the browser's own `title`: a Mantine floating tooltip here
 * pulled a Mantine chunk into the first load of /app/settlements, over its budget). For a user who may
 * call it, the children render as they are.
 *
 * Menus and dialogs render in a portal, outside any fieldset: their items ask `useCallRefusal` themselves.
 */
import { callRefusalLabel } from '@ledgerport/core/rules';
import type { ReactNode } from 'react';
import { useOptionalSession, type Callable } from '../lib/session-context';

/** Why the user may not call this entry ("View-only access"), or null when they may (core's rule, like useMayCall). */
export function useCallRefusal(entry: Callable): string | null {
  return callRefusalLabel(useOptionalSession()?.meta.accessLevel ?? null, entry.effect);
}

export function CallGate({ entry, children }: { entry: Callable; children: ReactNode }) {
  const refusal = useCallRefusal(entry);
  if (refusal === null) return children;
  return (
    <fieldset disabled title={refusal} aria-label={refusal} data-call-refused={entry.effect} style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
