import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './index';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('defaults to 127.0.0.1:8070 and ./.ledgerport', () => {
    const config = loadConfig({ LEDGERPORT_SECRET: 's' });
    expect(config).toMatchObject({ port: 8070, host: '127.0.0.1', dataDir: path.resolve('.ledgerport'), dbDir: path.resolve('.ledgerport', 'db'), databaseUrl: undefined });
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });

  it('generates a secret once, stores it privately in the data folder and reuses it', () => {
    const first = loadConfig({ LEDGERPORT_DATA_DIR: dir });
    const second = loadConfig({ LEDGERPORT_DATA_DIR: dir });
    expect(first.secret).toHaveLength(43);
    expect(second.secret).toBe(first.secret);
    expect(fs.statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('logs warnings and worse by default and refuses an unknown level', () => {
    expect(loadConfig({ LEDGERPORT_SECRET: 's' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_LOG_LEVEL: 'loud' })).toThrow(
      'LEDGERPORT_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud".',
    );
  });

  it('reads LEDGERPORT_DEMO as on, off or unset (auto), and refuses another value by name', () => {
    expect(loadConfig({ LEDGERPORT_SECRET: 's' }).demo).toBe('auto');
    expect(loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_DEMO: 'off' }).demo).toBe('off');
    expect(loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_DEMO: 'on' }).demo).toBe('on');
    expect(() => loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_DEMO: 'maybe' })).toThrow('LEDGERPORT_DEMO must be "on" (load the demo users and accounts) or "off" (start empty), got "maybe".');
  });

  it('prepares the hot statements unless LEDGERPORT_PREPARED_STATEMENTS is off, and refuses another value', () => {
    expect(loadConfig({ LEDGERPORT_SECRET: 's' }).preparedStatements).toBe(true);
    expect(loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_PREPARED_STATEMENTS: 'off' }).preparedStatements).toBe(false);
    expect(loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_PREPARED_STATEMENTS: 'on' }).preparedStatements).toBe(true);
    expect(() => loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_PREPARED_STATEMENTS: 'no' })).toThrow('LEDGERPORT_PREPARED_STATEMENTS must be on or off, got "no".');
  });

  it('allows 10 sign-ins per email and IP unless LEDGERPORT_SIGN_IN_ATTEMPTS_MAX says otherwise, and refuses a bad number', () => {
    expect(loadConfig({ LEDGERPORT_SECRET: 's' }).signInAttemptsMax).toBe(10);
    expect(loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_SIGN_IN_ATTEMPTS_MAX: '200' }).signInAttemptsMax).toBe(200);
    expect(() => loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_SIGN_IN_ATTEMPTS_MAX: '0' })).toThrow('LEDGERPORT_SIGN_IN_ATTEMPTS_MAX must be a whole number from 1 to 1000, got "0".');
    expect(() => loadConfig({ LEDGERPORT_SECRET: 's', LEDGERPORT_SIGN_IN_ATTEMPTS_MAX: 'many' })).toThrow('got "many"');
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadConfig({ PORT: 'eighty', LEDGERPORT_SECRET: 's' })).toThrow('PORT must be a number from 0 to 65535, got "eighty".');
  });
});

describe('the demo sandboxes beside configured accounting systems (decision 0056)', () => {
  it('counts an accounting system as configured by its credentials, its endpoints or one vendor server for all', () => {
    expect(loadConfig({}).isAccountingConfigured).toBe(false);
    expect(loadConfig({ LEDGERPORT_DEMO_SANDBOX_PORT: '0' }).isAccountingConfigured).toBe(false);
    expect(loadConfig({ LEDGERPORT_XERO_CLIENT_ID: 'real-app' }).isAccountingConfigured).toBe(true);
    expect(loadConfig({ LEDGERPORT_QBO_API_URL: 'https://sandbox-quickbooks.api.intuit.com' }).isAccountingConfigured).toBe(true);
    expect(loadConfig({ LEDGERPORT_ACCOUNTING_VENDOR_URL: 'http://127.0.0.1:8179' }).isAccountingConfigured).toBe(true);
  });
});
