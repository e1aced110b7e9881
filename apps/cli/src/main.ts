/**
 * `ledgerport` command-line entry. Each command lives in commands/<name>.ts and exports
 * `run(args, io): Promise<number>` (the exit status: 0 ok, 1 problems found, 2 usage error).
 */
import { readFileSync } from 'node:fs';
import type { CliCommand, CliIo } from './cli-command';

const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  parse: async () => (await import('./commands/parse')).parseCommand,
  post: async () => (await import('./commands/post')).postCommand,
};

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function help(): Promise<string> {
  const lines = [
    'ledgerport: turn marketplace settlements into exact accounting postings',
    '',
    'Usage: ledgerport <command> [options]',
    '',
    'Commands:',
  ];
  for (const [name, load] of Object.entries(COMMANDS)) {
    try {
      const cmd = await load();
      lines.push(`  ${name.padEnd(8)} ${cmd.summary}`);
    } catch {
      // A command whose module is not present in this build is simply not listed.
    }
  }
  lines.push('', 'Options:', '  --help     show this help (or `ledgerport <command> --help`)', '  --version  print the version');
  return lines.join('\n');
}

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.out(await help());
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.out(version());
    return 0;
  }
  const load = COMMANDS[first];
  if (!load) {
    io.err(`ledgerport: unknown command '${first}'. Run 'ledgerport --help' for the list.`);
    return 2;
  }
  const cmd = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${cmd.summary}\n\nUsage: ${cmd.usage}`);
    return 0;
  }
  return cmd.run(rest, io);
}

const defaultIo: CliIo = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
};
