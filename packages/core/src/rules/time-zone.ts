/**
 * Time zones a user may choose: the IANA names this runtime's Intl knows, plus UTC. The name is
 * stored as Intl spells it ("america/new_york" becomes "America/New_York").
 */
export function canonicalTimeZone(id: string): string | undefined {
  if (id.length === 0 || id.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: id }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
