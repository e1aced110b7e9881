import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decideDemoLoad, isLoopbackHost, parseDemoSetting, refuseDemoExposure, type DemoLoadFacts } from './demo-data';
import { instanceAdminNotice } from './instance-admin';

const firstRun: DemoLoadFacts = { setting: 'auto', isEmbeddedDatabase: true, host: '127.0.0.1', isDatabaseEmpty: true };

describe('which hosts are loopback', () => {
  it('localhost, 127.0.0.0/8 and ::1 are; any other address is not', () => {
    for (const h of ['127.0.0.1', 'localhost', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1', '127.0.0.999', '']) expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe('LEDGERPORT_DEMO', () => {
  it('is on, off or unset; anything else is refused by name', () => {
    expect(parseDemoSetting(undefined)).toEqual({ setting: 'auto' });
    expect(parseDemoSetting('ON')).toEqual({ setting: 'on' });
    expect(parseDemoSetting('off')).toEqual({ setting: 'off' });
    const bad = parseDemoSetting('yes');
    expect('error' in bad && bad.error).toContain('"yes"');
  });
});

describe('decideDemoLoad', () => {
  it('loads the README first run: embedded database, loopback address, empty', () => {
    expect(decideDemoLoad(firstRun)).toEqual({ isLoaded: true });
  });
  it('does not load into a DATABASE_URL database or on a public address unless asked for', () => {
    expect(decideDemoLoad({ ...firstRun, isEmbeddedDatabase: false }).isLoaded).toBe(false);
    expect(decideDemoLoad({ ...firstRun, host: '0.0.0.0' }).isLoaded).toBe(false);
    expect(decideDemoLoad({ ...firstRun, isEmbeddedDatabase: false, host: '0.0.0.0', setting: 'on' }).isLoaded).toBe(true);
  });
  it('off starts empty anywhere, and nothing loads into a database that holds users or accounts', () => {
    fc.assert(fc.property(fc.boolean(), fc.constantFrom('127.0.0.1', '0.0.0.0', 'localhost'), fc.constantFrom('on', 'off', 'auto' as const), (embedded, host, setting) => {
      expect(decideDemoLoad({ setting: 'off', isEmbeddedDatabase: embedded, host, isDatabaseEmpty: true }).isLoaded).toBe(false);
      expect(decideDemoLoad({ setting, isEmbeddedDatabase: embedded, host, isDatabaseEmpty: false }).isLoaded).toBe(false);
    }));
  });
});

describe('refuseDemoExposure', () => {
  const exposed = ['admin@ledgerport.local', 'demo@ledgerport.local'];
  it('refuses a public address while demo users keep the demo password, naming them and the remove command', () => {
    const refusal = refuseDemoExposure({ setting: 'auto', host: '0.0.0.0', exposedDemoEmails: exposed });
    expect(refusal).toContain('admin@ledgerport.local');
    expect(refusal).toContain('demo@ledgerport.local');
    expect(refusal).toContain('npx ledgerport demo remove');
  });
  it('starts on loopback, with no exposed demo users, or when the operator asked for the demo', () => {
    expect(refuseDemoExposure({ setting: 'auto', host: '127.0.0.1', exposedDemoEmails: exposed })).toBeNull();
    expect(refuseDemoExposure({ setting: 'off', host: '0.0.0.0', exposedDemoEmails: [] })).toBeNull();
    expect(refuseDemoExposure({ setting: 'on', host: '0.0.0.0', exposedDemoEmails: exposed })).toBeNull();
    expect(refuseDemoExposure({ setting: 'off', host: '0.0.0.0', exposedDemoEmails: exposed })).not.toBeNull();
  });
});

describe('instanceAdminNotice', () => {
  const appUrl = 'http://127.0.0.1:8070/app/';
  it('tells an empty instance that the first sign-up becomes the administrator', () => {
    expect(instanceAdminNotice({ hasUsers: false, hasRootAdmin: false, appUrl })).toBe(`This instance is empty: open ${appUrl} and sign up: the first account becomes the administrator.`);
  });
  it('names the command where users exist without an administrator, and says nothing once there is one', () => {
    expect(instanceAdminNotice({ hasUsers: true, hasRootAdmin: false, appUrl })).toContain('npx ledgerport admin grant EMAIL');
    expect(instanceAdminNotice({ hasUsers: true, hasRootAdmin: true, appUrl })).toBeNull();
  });
});
