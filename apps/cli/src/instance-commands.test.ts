import { describe, expect, it } from 'vitest';
import { isInstanceCommand } from './instance-commands';
import { main } from './main';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe('instance commands', () => {
  it('are admin and demo; the file commands are not', () => {
    expect(isInstanceCommand('admin')).toBe(true);
    expect(isInstanceCommand('demo')).toBe(true);
    for (const name of ['db', 'backup', 'restore', 'account']) expect(isInstanceCommand(name)).toBe(true);
    expect(isInstanceCommand('parse')).toBe(false);
    expect(isInstanceCommand('constructor')).toBe(false);
    expect(isInstanceCommand(undefined)).toBe(false);
  });

  it('are listed by the help with what they do', async () => {
    const { io, out } = capture();
    expect(await main(['--help'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/admin\s+grant or revoke an instance's administrator/);
    expect(out.join('\n')).toMatch(/demo\s+remove the demo users/);
    expect(out.join('\n')).toMatch(/db\s+copy the embedded database into an empty PostgreSQL database/);
    expect(out.join('\n')).toMatch(/backup\s+back up the database/);
    expect(out.join('\n')).toMatch(/account\s+import an account archive/);
  });

  it('reached without the bin, say how to run them and change nothing (usage error)', async () => {
    const { io, err } = capture();
    expect(await main(['demo', 'remove'], io)).toBe(2);
    expect(err.join('\n')).toContain('npx ledgerport demo');
  });
});
