/**
 * Accounting-system settings read from the environment handed over by config.ts (the only reader of
 * process.env):
 * - LEDGERPORT_<SYSTEM>_AUTHORIZE_URL, _TOKEN_URL, _API_URL (and LEDGERPORT_XERO_CONNECTIONS_URL)
 *   override the vendor's URL (SYSTEM: XERO, QBO, SAGE, NETSUITE), so a sandbox works unchanged;
 * - LEDGERPORT_ACCOUNTING_VENDOR_URL points every system at one local vendor server (tests, e2e);
 * - LEDGERPORT_<SYSTEM>_CLIENT_ID / _CLIENT_SECRET: our app's credentials at the system.
 */
import { DEFAULT_ACCOUNTING_ENDPOINTS, LOCAL_VENDOR_CLIENT, localVendorEndpoints, type RemoteSystem, type SystemEndpoints } from '@ledgerport/integrations/accounting';

export type AccountingConfig = Record<RemoteSystem, SystemEndpoints>;

const SYSTEMS: RemoteSystem[] = ['XERO', 'QBO', 'SAGE', 'NETSUITE'];

function url(name: string, value: string | undefined, fallback: string | undefined): string | undefined {
  if (!value) return fallback;
  if (!/^https?:\/\//.test(value)) throw new Error(`${name} must start with http:// or https://, got "${value}".`);
  return value.replace(/\/$/, '');
}

export function loadAccountingConfig(env: NodeJS.ProcessEnv): AccountingConfig {
  const local = env.LEDGERPORT_ACCOUNTING_VENDOR_URL ? localVendorEndpoints(url('LEDGERPORT_ACCOUNTING_VENDOR_URL', env.LEDGERPORT_ACCOUNTING_VENDOR_URL, '')!) : undefined;
  const config = {} as AccountingConfig;
  for (const system of SYSTEMS) {
    const base = local?.[system] ?? DEFAULT_ACCOUNTING_ENDPOINTS[system];
    const p = `LEDGERPORT_${system}_`;
    config[system] = {
      authorizeUrl: url(`${p}AUTHORIZE_URL`, env[`${p}AUTHORIZE_URL`], base.authorizeUrl)!,
      tokenUrl: url(`${p}TOKEN_URL`, env[`${p}TOKEN_URL`], base.tokenUrl)!,
      apiBaseUrl: url(`${p}API_URL`, env[`${p}API_URL`], base.apiBaseUrl)!,
      identityUrl: url(`${p}CONNECTIONS_URL`, env[`${p}CONNECTIONS_URL`], base.identityUrl),
      clientId: env[`${p}CLIENT_ID`] ?? (local ? LOCAL_VENDOR_CLIENT.clientId : ''),
      clientSecret: env[`${p}CLIENT_SECRET`] ?? (local ? LOCAL_VENDOR_CLIENT.clientSecret : ''),
    };
  }
  return config;
}

/**
 * The operator set an accounting system's endpoints or our app's credentials for it (or pointed every
 * system at a vendor server): the install talks to those systems, so the demo's local sandboxes, which
 * would take the demo accounts' connections over, do not start (decision 0056).
 */
export function hasOperatorAccountingConfig(env: NodeJS.ProcessEnv): boolean {
  if (env.LEDGERPORT_ACCOUNTING_VENDOR_URL) return true;
  return SYSTEMS.some((system) => ['AUTHORIZE_URL', 'TOKEN_URL', 'API_URL', 'CONNECTIONS_URL', 'CLIENT_ID', 'CLIENT_SECRET'].some((k) => Boolean(env[`LEDGERPORT_${system}_${k}`])));
}
