import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { connectionRefusal, deriveAccountConnections, deriveAccountingConnectionState, deriveConnectionState, type ConnectionRecord } from './connection-state';
import { connectedSystemLabel, isLoopbackUrl, localSandboxDocumentUrl, localSandboxUrlOf } from './local-sandbox';

const now = new Date('2026-11-28T12:00:00Z');
const row = (over: Partial<ConnectionRecord> = {}): ConnectionRecord => ({
  role: 'accounting',
  system: 'QBO',
  status: 'CONNECTED',
  hasCredentials: true,
  refreshTokenExpiresAt: null,
  remoteName: 'Sandbox Company_US_1',
  settings: {},
  ...over,
});

describe('deriveConnectionState', () => {
  it('is none without a row, and a send is refused naming the system', () => {
    const c = deriveAccountingConnectionState('QBO', undefined, now);
    expect(c).toMatchObject({ state: 'none', isUsable: false, badge: 'Disconnected', system: 'QBO' });
    expect(connectionRefusal(c, 'QuickBooks Online')).toBe('QuickBooks Online is not connected. Connect it from Settings > Connections first.');
  });

  it('is connected with stored credentials, naming the organisation', () => {
    expect(deriveAccountingConnectionState('QBO', row(), now)).toMatchObject({ state: 'connected', isUsable: true, badge: 'Connected', remoteName: 'Sandbox Company_US_1' });
  });

  it('is disconnected once the credentials are gone, whatever the status says', () => {
    expect(deriveAccountingConnectionState('QBO', row({ status: 'DISCONNECTED', hasCredentials: false }), now).state).toBe('disconnected');
    expect(deriveAccountingConnectionState('QBO', row({ hasCredentials: false }), now).state).toBe('disconnected');
  });

  it('is expired when the refresh token is past its expiry or the system refused it', () => {
    expect(deriveAccountingConnectionState('QBO', row({ refreshTokenExpiresAt: new Date(now.getTime() - 1) }), now).state).toBe('expired');
    expect(deriveAccountingConnectionState('QBO', row({ status: 'PROBLEM' }), now).state).toBe('expired');
    expect(deriveConnectionState(row({ role: 'sales-channel', system: 'AMAZON', status: 'ERROR' }), now).state).toBe('expired');
  });

  it('keeps a channel whose last fetch failed usable, as an error', () => {
    expect(deriveConnectionState(row({ role: 'sales-channel', system: 'AMAZON', status: 'PROBLEM' }), now)).toMatchObject({ state: 'error', isUsable: true, badge: 'Connection Problem' });
  });

  it('treats the built-in ledger as connected and a row of another system as none', () => {
    expect(deriveAccountingConnectionState('MANUAL', undefined, now).state).toBe('connected');
    expect(deriveAccountingConnectionState('NONE', row(), now).state).toBe('none');
    expect(deriveAccountingConnectionState('XERO', row(), now).state).toBe('none');
  });

  it('is usable exactly when connected or in error, and a refusal exists exactly when it is not usable', () => {
    const statuses = ['PENDING', 'CONNECTED', 'DISCONNECTED', 'ERROR', 'PROBLEM'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...statuses), fc.boolean(), fc.option(fc.integer({ min: -1e9, max: 1e9 })), fc.constantFrom('accounting', 'sales-channel', 'sales-source') as fc.Arbitrary<ConnectionRecord['role']>, (status, hasCredentials, offset, role) => {
        const c = deriveConnectionState(row({ status, hasCredentials, role, refreshTokenExpiresAt: offset === null ? null : new Date(now.getTime() + offset) }), now);
        expect(c.isUsable).toBe(c.state === 'connected' || c.state === 'error');
        expect(connectionRefusal(c, 'X') === null).toBe(c.isUsable);
        if (!hasCredentials) expect(c.isUsable).toBe(false);
      }),
    );
  });
});

describe('deriveAccountConnections', () => {
  it("reads the sales channel from its own row, never another channel's (a PayPal source of an eBay account)", () => {
    const paypal = row({ role: 'sales-source', system: 'PAYPAL' });
    const states = deriveAccountConnections({ accountingSystem: 'MANUAL', salesChannel: 'EBAY' }, [paypal], now);
    expect(states.salesChannel).toMatchObject({ state: 'none', system: 'EBAY' });
    expect(states.accounting.state).toBe('connected');
    expect(deriveAccountConnections({ accountingSystem: 'QBO', salesChannel: 'PAYPAL' }, [paypal, row()], now)).toMatchObject({ salesChannel: { state: 'connected' }, accounting: { state: 'connected' } });
  });
});

describe('local sandboxes', () => {
  it('counts only loopback addresses as a sandbox on this machine', () => {
    expect(isLoopbackUrl('http://127.0.0.1:9101')).toBe(true);
    expect(isLoopbackUrl('http://localhost:1')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:80')).toBe(true);
    expect(isLoopbackUrl('https://quickbooks.api.intuit.com')).toBe(false);
    expect(isLoopbackUrl('http://127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackUrl('http://user:pw@127.0.0.1')).toBe(false);
    expect(isLoopbackUrl('file:///etc/passwd')).toBe(false);
    expect(localSandboxUrlOf({ localSandboxUrl: 'http://10.0.0.5:80' })).toBeNull();
    expect(localSandboxUrlOf({ localSandboxUrl: 'http://127.0.0.1:9101/' })).toBe('http://127.0.0.1:9101');
  });

  it('says so in the system name and links documents to the sandbox', () => {
    const c = deriveAccountingConnectionState('XERO', row({ system: 'XERO', settings: { localSandboxUrl: 'http://127.0.0.1:9101' } }), now);
    expect(c.isSandbox).toBe(true);
    expect(connectedSystemLabel('Xero', c.isSandbox)).toBe('Xero (sandbox on this machine)');
    expect(connectedSystemLabel('Xero', false)).toBe('Xero');
    expect(localSandboxDocumentUrl('http://127.0.0.1:9101/', 'a b')).toBe('http://127.0.0.1:9101/_sandbox/documents/a%20b');
  });
});
