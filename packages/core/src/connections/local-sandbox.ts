/**
 * The demo's accounting systems are local sandboxes: the project's own QuickBooks Online, Xero, Sage
 * and NetSuite servers running beside it on a loopback port (decision 0056). A connection records the
 * sandbox's address in its settings (`localSandboxUrl`); only a loopback address counts, so a row can
 * never send a token set anywhere else under the sandbox's name, and whatever names the system on
 * screen says it is a sandbox on this machine.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

/** http(s) on 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The sandbox address a connection's settings record, when it is a loopback one; else null. */
export function localSandboxUrlOf(settings: unknown): string | null {
  const value = settings && typeof settings === 'object' ? (settings as { localSandboxUrl?: unknown }).localSandboxUrl : undefined;
  return typeof value === 'string' && isLoopbackUrl(value) ? value.replace(/\/$/, '') : null;
}

export const SANDBOX_SUFFIX = '(sandbox on this machine)';

/** "QuickBooks Online (sandbox on this machine)" for a sandbox connection, else the system's name. */
export function connectedSystemLabel(systemName: string, isSandbox: boolean): string {
  return isSandbox ? `${systemName} ${SANDBOX_SUFFIX}` : systemName;
}

/** Where a local sandbox shows one document it holds (the vendor server serves this page). */
export function localSandboxDocumentUrl(sandboxUrl: string, remoteId: string): string {
  return `${sandboxUrl.replace(/\/$/, '')}/_sandbox/documents/${encodeURIComponent(remoteId)}`;
}
