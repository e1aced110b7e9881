/**
 * When `npm start` loads the demo data, and when it refuses to start because of it (issue 26,
 * decision 0057). The demo users share one published password and include a root admin, so they
 * must never reach an address other people can open:
 * - LEDGERPORT_DEMO=on: the operator asks for the demo, anywhere (a container publishing 0.0.0.0).
 * - LEDGERPORT_DEMO=off: start empty, anywhere.
 * - unset (auto): load it only for the README's first run: the embedded database, on a loopback
 *   address, still empty.
 * On any other address, the server refuses to start while demo users with the demo password are
 * in the database, unless the operator said LEDGERPORT_DEMO=on.
 */

export type DemoSetting = 'on' | 'off' | 'auto';

/** LEDGERPORT_DEMO as the operator wrote it; a value that is none of on/off/empty is an error naming it. */
export function parseDemoSetting(text: string | undefined): { setting: DemoSetting } | { error: string } {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '') return { setting: 'auto' };
  if (value === 'on' || value === 'off') return { setting: value };
  return { error: `LEDGERPORT_DEMO must be "on" (load the demo users and accounts) or "off" (start empty), got "${text}".` };
}

/** A host name or address only this machine reaches: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && v4[1] === '127' && v4.slice(1).every((part) => Number(part) <= 255);
}

export interface DemoLoadFacts {
  setting: DemoSetting;
  /** The embedded PGlite database (no DATABASE_URL). */
  isEmbeddedDatabase: boolean;
  host: string;
  /** No users and no accounts yet: the demo is only ever loaded into an empty database. */
  isDatabaseEmpty: boolean;
}

export type DemoLoadDecision = { isLoaded: true } | { isLoaded: false; why: string };

export function decideDemoLoad(facts: DemoLoadFacts): DemoLoadDecision {
  if (!facts.isDatabaseEmpty) return { isLoaded: false, why: 'the database already holds users or accounts' };
  if (facts.setting === 'off') return { isLoaded: false, why: 'LEDGERPORT_DEMO=off' };
  if (facts.setting === 'on') return { isLoaded: true };
  if (!facts.isEmbeddedDatabase) return { isLoaded: false, why: 'a DATABASE_URL database gets the demo only with LEDGERPORT_DEMO=on' };
  if (!isLoopbackHost(facts.host)) return { isLoaded: false, why: `HOST ${facts.host} is reachable from other machines; the demo loads there only with LEDGERPORT_DEMO=on` };
  return { isLoaded: true };
}

export interface DemoExposureFacts {
  setting: DemoSetting;
  host: string;
  /** Emails of the demo users whose password is still the published demo password. */
  exposedDemoEmails: readonly string[];
}

/** Whether the start must look for demo users with the demo password at all: not on loopback, not when the demo is asked for. */
export function isDemoExposureChecked(facts: Pick<DemoExposureFacts, 'setting' | 'host'>): boolean {
  return facts.setting !== 'on' && !isLoopbackHost(facts.host);
}

/** Null: start. Otherwise the refusal the server prints before it exits: who, why and how to remove them. */
export function refuseDemoExposure(facts: DemoExposureFacts): string | null {
  if (facts.exposedDemoEmails.length === 0 || !isDemoExposureChecked(facts)) return null;
  return [
    `Ledgerport will not start on HOST ${facts.host}: these demo users still have the published demo password, and anyone who can reach this address could sign in as them:`,
    ...facts.exposedDemoEmails.map((email) => `  ${email}`),
    'Remove the demo users and the demo accounts with: npx ledgerport demo remove',
    'Or start on a loopback address (HOST=127.0.0.1), or set LEDGERPORT_DEMO=on if this instance is meant to be a public demo.',
  ].join('\n');
}
