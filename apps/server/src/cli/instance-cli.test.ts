import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInstanceCommand } from './instance-cli';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerport-instance-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const env = { LEDGERPORT_DATA_DIR: dataDir, LEDGERPORT_SECRET: 'instance-cli-test-secret' };

describe('the data commands on the command line', () => {
  it('db copy without a target URL, or an account import without its owner, is a usage error naming the forms', async () => {
    for (const argv of [['db', 'copy', '--to'], ['db', 'copy'], ['account', 'import', 'a.tar.gz'], ['account', 'import', 'a.tar.gz', '--owner', 'not-an-email']]) {
      const { io, err } = capture();
      expect(await runInstanceCommand(argv, io, env), argv.join(' ')).toBe(2);
      expect(err.join('\n')).toContain('ledgerport db copy --to postgres://');
    }
  });

  it('db copy refuses to run on PostgreSQL (it copies the embedded database)', async () => {
    const { io, err } = capture();
    expect(await runInstanceCommand(['db', 'copy', '--to', 'postgres://x@127.0.0.1/y'], io, { ...env, DATABASE_URL: 'postgres://x@127.0.0.1/z' })).toBe(2);
    expect(err.join('\n')).toContain('unset DATABASE_URL');
  });

  it('backup of an instance with no embedded database yet says so and writes nothing; restore of a missing file says so', async () => {
    const file = path.join(dataDir, 'backup.tar.gz');
    const first = capture();
    expect(await runInstanceCommand(['backup', file], first.io, env)).toBe(1);
    expect(first.err.join('\n')).toBe(`There is no embedded database in ${path.join(dataDir, 'db')} to back up.`);
    expect(fs.existsSync(file)).toBe(false);
    const second = capture();
    expect(await runInstanceCommand(['restore', file], second.io, env)).toBe(1);
    expect(second.err.join('\n')).toBe(`${file} does not exist.`);
  });
});
