/**
 * Runs a real validator (hledger, bean-check) on a temporary file. A missing tool fails the test
 * with the command that installs it: these checks must never be skipped silently.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSTALL: Record<string, string> = { hledger: 'apt-get install -y hledger', 'bean-check': 'apt-get install -y beancount' };

export interface ToolRun {
  status: number;
  stdout: string;
  stderr: string;
}

export function runTool(tool: 'hledger' | 'bean-check', args: (file: string) => string[], content: string, fileName: string): ToolRun {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerport-export-'));
  try {
    const file = join(dir, fileName);
    writeFileSync(file, content);
    const r = spawnSync(tool, args(file), { encoding: 'utf8' });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is not installed, and the export tests need it: run \`${INSTALL[tool]}\` (Debian).`);
    }
    if (r.error) throw r.error;
    return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
