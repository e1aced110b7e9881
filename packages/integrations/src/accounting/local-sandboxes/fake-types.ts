/** The request and answer shapes the local vendor stand-ins handle (one node:http server routes to them). */
export interface FakeRequest {
  method: string;
  /** The path below the system's prefix, e.g. '/api.xro/2.0/Invoices'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON or form body, or undefined. */
  body: unknown;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** An HTML page instead of JSON (the OAuth consent page). */
  html?: string;
  /** Close the socket without answering, after the work is done: a crash between call and record. */
  drop?: boolean;
}

/** A document a stand-in created, as the fault and contract tests count them. */
export interface CreatedDocument {
  system: 'XERO' | 'QBO' | 'SAGE' | 'NETSUITE';
  type: string;
  id: string;
  number: string;
  status: string;
  body: unknown;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): FakeResponse => ({ status, body, headers });

/**
 * An account a sandbox company's chart holds besides its own (the demo gives each sandbox the
 * default chart of its accounts' channels, so a demo mapping finds every account). `code` is what the
 * system's API identifies it by (QBO and Sage id, Xero code, NetSuite internal id).
 */
export interface SandboxAccount {
  code: string;
  name: string;
  kind: 'asset' | 'liability' | 'equity' | 'income' | 'expense';
}

export type SandboxCharts = Partial<Record<CreatedDocument['system'], readonly SandboxAccount[]>>;
